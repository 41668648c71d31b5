import { createStore } from 'zustand';
import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { clientAssertionOf, transportOf } from '../../../shared/flows/profile-config';
import { pushedWithDpop } from '../../../shared/flows/driver/dpop-port';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { Param } from '../../../shared/url-encoded';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import { discoverIssuer } from '../../../shared/oidc/discovery';
import { getJsonFollowingRedirects } from '../../../shared/oidc/json-document';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
  pushedAuthorizationVerdict,
  type PushedAuthorization,
} from '../../../shared/oauth2/pushed-authorization';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { pageStore } from '../../app/page-store';
import { pageDpop, type DpopLegTrace } from '../dpop-page-send';
import { flowSends, type FlowSends } from '../flow-sends';
import { authenticatedWith } from '../page-client-auth';
import { pageHostPort } from '../page-host-port';

export interface ParState {
  /** Push the authorization request before the browser opens (RFC 9126). */
  readonly enabled: boolean;
  readonly pushing: boolean;
  /** The pushed request's endpoint, the exchange and what was read from it; null before a push. */
  readonly parUrl: string | null;
  readonly exchange: Exchange | null;
  readonly outcome: PushedAuthorization | null;
  /** The client assertion signed into the push (client_secret_jwt, private_key_jwt), fresh for each push. */
  readonly assertion: ClientAssertionTrace | null;
  /** Why no push could be made (no endpoint in the metadata, the request could not be sent). */
  readonly error: string | null;
  /** The browser's URL: only client_id and request_uri (RFC 9126 §4). */
  readonly pushedUrl: string | null;
  /** With DPoP on: the proofs the push carried, binding the code to the key (RFC 9449 §10.1). */
  readonly dpop: DpopLegTrace | null;
  toggled(on: boolean): void;
  /**
   * Pushes the flow's authorization request, or `params` in its place (a request object, RFC 9126 §3); resolves to
   * the URL to open, or null when the push failed.
   */
  pushed(flow: OAuth2State, profile: Profile, params?: readonly Param[]): Promise<string | null>;
}

const CLEAR = {
  parUrl: null,
  exchange: null,
  outcome: null,
  assertion: null,
  error: null,
  pushedUrl: null,
  dpop: null,
} as const;

/**
 * The push sent by the app host through the page's port, the client authenticated by the driver (authenticatedWith:
 * the assertion signed in per send, §2), with a fresh DPoP proof of the profile's key when DPoP is on (pushedWithDpop,
 * as the CLI sends it); each attempt recorded in the History once, with the push's own verdict (RFC 9126 §2.2).
 */
async function pushSent(
  deps: RendererDeps,
  sends: FlowSends,
  profile: Profile,
  request: RawRequest,
  assertion: ClientAssertionSettings | null,
  nonces: Map<string, string>
): Promise<{
  readonly exchange: Exchange | null;
  readonly error: string | null;
  readonly assertion: ClientAssertionTrace | null;
  readonly dpop: DpopLegTrace | null;
}> {
  const dpop = profile.oauth2.dpop ? await pageDpop(deps, profile, nonces) : null;
  if (dpop && !dpop.ok) return { exchange: null, error: dpop.error.message, assertion: null, dpop: null };
  const host = pageHostPort(deps, sends, profile, 'oauth2', () => {});
  const { port, shown } = authenticatedWith(deps, host, assertion, null, {});
  const send = (sent: RawRequest) => port.send(sent, { leg: 'par', verdictOf: pushedAuthorizationVerdict });
  const traces = () => ({ assertion: shown().assertion, dpop: dpop?.value.trace() ?? null });
  try {
    const exchange = await (dpop ? pushedWithDpop(dpop.value.client, request, send) : send(request));
    return { exchange, error: null, ...traces() };
  } catch (e) {
    return { exchange: null, error: (e as Error).message, ...traces() };
  }
}

/**
 * The OAuth 2 page's pushed authorization request (RFC 9126): the endpoint from the provider's metadata (§5), the
 * request POSTed by the app host with the client authentication the token leg uses (§2.1): a client assertion signed
 * in the host whose aud is the issuer or this endpoint (§2), the client certificate on the connection (RFC 8705 §2,
 * to the endpoint's mutual-TLS alias); its answer checked (§2.2). With DPoP on, a proof of the profile's key goes with
 * it (RFC 9449 §10.1, pushedWithDpop: the CLI's implementation), a nonce asked for there followed once.
 */
function createParStore(deps: RendererDeps) {
  const { bridge } = deps;
  // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
  const dpopNonces = new Map<string, string>();
  const sends = flowSends(bridge);
  const getJson = (profile: Profile) => (url: string) =>
    getJsonFollowingRedirects(url, async (at) => {
      const r = await bridge.httpSend({
        request: { method: 'GET', url: at, headers: [['Accept', 'application/json']] },
        options: transportOf(profile),
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.response;
    });
  return createStore<ParState>()((set) => ({
    enabled: false,
    pushing: false,
    ...CLEAR,
    toggled: (enabled) => set({ enabled, ...CLEAR }),
    async pushed(flow, profile, params) {
      set({ pushing: true, ...CLEAR });
      try {
        const c = flow.config;
        const authentication = c.authentication ?? 'body';
        const issuer = profile.oauth2.issuer || c.baseUrl;
        const discovered = await discoverIssuer(issuer, getJson(profile));
        const endpoint = parEndpointOf(discovered.document, authentication);
        if (discovered.refused || !endpoint.ok) {
          set({ error: discovered.refused ?? `${discovered.url}: ${(endpoint as { reason: string }).reason}` });
          return null;
        }
        const unsigned = buildPushedAuthorizationRequest({
          parUrl: endpoint.url,
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          authentication,
          authorizationParams: params ?? oauth2Flow.buildAuthorizeRequest(flow).params,
        });
        // RFC 9126 §2: the assertion's audience is the issuer or this endpoint.
        const audience = clientAssertionOf(profile, c.baseUrl, endpoint.url);
        const sent = await pushSent(deps, sends, profile, unsigned, audience, dpopNonces);
        const { exchange, assertion, dpop } = sent;
        if (!exchange) {
          set({ parUrl: endpoint.url, assertion, error: sent.error, dpop });
          return null;
        }
        const outcome = interpretPushedAuthorization(exchange);
        const pushedUrl =
          outcome.ok && outcome.requestUri
            ? pushedAuthorizationUrl(oauth2Flow.authorizeEndpoint(flow), c.clientId, outcome.requestUri)
            : null;
        set({ parUrl: endpoint.url, exchange, outcome, assertion, pushedUrl, dpop });
        return pushedUrl;
      } catch (e) {
        set({ error: (e as Error).message });
        return null;
      } finally {
        set({ pushing: false });
      }
    },
  }));
}

// The toggle stays on from one attempt to the next, as the page's other choices do.
export const usePar = pageStore((deps) => createParStore(deps));
