import { createStore } from 'zustand';
import type { BridgeApi } from '../../../shared/bridge/api';
import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { clientAssertionOf, transportOf } from '../../../shared/flows/profile-config';
import type { Exchange } from '../../../shared/http';
import type { Param } from '../../../shared/oauth1/parameters';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import { discoverIssuer } from '../../../shared/oidc/discovery';
import { getJsonFollowingRedirects } from '../../../shared/oidc/json-document';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
  type PushedAuthorization,
} from '../../../shared/oauth2/pushed-authorization';
import type { RandomPort } from '../../../shared/ports';
import type { Profile } from '../../../shared/store/profile';
import { pageStore } from '../../app/page-store';
import { assertionSigned } from '../client-assertion-send';
import { annotateHistory, historyRecord } from '../flow-records';

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
  toggled(on: boolean): void;
  /**
   * Pushes the flow's authorization request, or `params` in its place (a request object, RFC 9126 §3); resolves to
   * the URL to open, or null when the push failed.
   */
  pushed(flow: OAuth2State, profile: Profile, params?: readonly Param[]): Promise<string | null>;
}

const CLEAR = { parUrl: null, exchange: null, outcome: null, assertion: null, error: null, pushedUrl: null } as const;

/**
 * The OAuth 2 page's pushed authorization request (RFC 9126): the endpoint from the provider's metadata (§5), the
 * request POSTed by the app host with the client authentication the token leg uses (§2.1): a client assertion signed
 * in the host whose aud is the issuer or this endpoint (§2), the client certificate on the connection (RFC 8705 §2,
 * to the endpoint's mutual-TLS alias); its answer checked (§2.2).
 */
function createParStore(bridge: BridgeApi, random: RandomPort) {
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
        const signed = await assertionSigned(bridge, unsigned, clientAssertionOf(profile, c.baseUrl, endpoint.url));
        if (!signed.ok) {
          set({ parUrl: endpoint.url, error: signed.error.message });
          return null;
        }
        const { request, trace: assertion } = signed.value;
        // Recorded in the History once, with the push's own verdict (RFC 9126 §2.2 checks), as every leg is.
        const record = historyRecord(random, { profileId: profile.id, flow: 'oauth2', leg: 'par' });
        const r = await bridge.httpSend({ request, options: transportOf(profile), record, verdictFollows: true });
        if (!r.ok) {
          set({ parUrl: endpoint.url, assertion, error: r.error.message });
          return null;
        }
        const outcome = interpretPushedAuthorization(r.value);
        annotateHistory(bridge, record, outcome);
        const pushedUrl =
          outcome.ok && outcome.requestUri
            ? pushedAuthorizationUrl(oauth2Flow.authorizeEndpoint(flow), c.clientId, outcome.requestUri)
            : null;
        set({ parUrl: endpoint.url, exchange: r.value, outcome, assertion, pushedUrl });
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
export const usePar = pageStore((deps) => createParStore(deps.bridge, deps.random));
