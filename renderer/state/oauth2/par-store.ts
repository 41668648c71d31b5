import { createStore } from 'zustand';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import {
  authorizationUrlOf,
  PAR_LEG,
  parLeg,
  pushTargetOf,
  type PushOutcome,
} from '../../../shared/flows/driver/pushed-authorization-leg';
import { sendLeg } from '../../../shared/flows/driver/run-leg';
import type { Exchange } from '../../../shared/http';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import { discoverIssuer } from '../../../shared/oidc/discovery';
import type { JsonGetter } from '../../../shared/oidc/json-document';
import type { PushedAuthorization } from '../../../shared/oauth2/pushed-authorization';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import { pageStore } from '../../app/page-store';
import { pageDpop, type DpopLegTrace } from '../dpop-page-send';
import { flowSends, type FlowSends } from '../flow-sends';
import { authenticatedWith } from '../page-client-auth';
import { pageHostPort } from '../page-host-port';
import { issuerJsonGetter } from './issuer-json';

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
  /** Pushed without the toggle: the issuer's metadata requires it (require_pushed_authorization_requests, §5). */
  readonly required: boolean;
  toggled(on: boolean): void;
  /**
   * The code grant's par leg: pushes the flow's authorization request (its request object in its place when it has
   * one, RFC 9126 §3); resolves to the flow after it (its request_uri, which the browser's URL names), or null when
   * the push failed. Not `asked` (the toggle off): only when the metadata of the issuer the profile names requires
   * it, else the flow as it is.
   */
  pushed(flow: OAuth2State, profile: Profile, asked?: boolean): Promise<OAuth2State | null>;
}

const CLEAR = {
  parUrl: null,
  exchange: null,
  outcome: null,
  assertion: null,
  error: null,
  pushedUrl: null,
  dpop: null,
  required: false,
} as const;

/**
 * The grant's par leg sent by the app host through the page's port, the client authenticated by the driver
 * (authenticatedWith: the assertion signed in per send, §2), with a fresh DPoP proof of the profile's key when DPoP
 * is on (authenticatedPort's, as the CLI sends it); each attempt recorded in the History once, with the leg's verdict
 * (RFC 9126 §2.2).
 */
async function pushSent(
  deps: RendererDeps,
  sends: FlowSends,
  profile: Profile,
  flow: OAuth2State,
  assertion: ClientAssertionSettings | null,
  nonces: Map<string, string>
): Promise<{
  readonly run: { readonly exchange: Exchange; readonly outcome: PushOutcome } | null;
  readonly error: string | null;
  readonly assertion: ClientAssertionTrace | null;
  readonly dpop: DpopLegTrace | null;
}> {
  const dpop = profile.oauth2.dpop ? await pageDpop(deps, profile, nonces) : null;
  if (dpop && !dpop.ok) return { run: null, error: dpop.error.message, assertion: null, dpop: null };
  const host = pageHostPort(deps, sends, profile, 'oauth2', () => {});
  // The driver's port puts the proof on the push by itself when DPoP is on (RFC 9449 §10.1); no other leg here.
  const { port, shown } = authenticatedWith(deps, host, assertion, dpop?.value ?? null, {});
  const traces = () => ({ assertion: shown().assertion, dpop: dpop?.value.trace() ?? null });
  try {
    const run = await sendLeg(parLeg, PAR_LEG, () => flow, port);
    return { run, error: null, ...traces() };
  } catch (e) {
    return { run: null, error: (e as Error).message, ...traces() };
  }
}

/**
 * Where the push goes: the issuer's metadata read (the profile's issuer, else the base URL) for its
 * pushed_authorization_request_endpoint (RFC 9126 §5), a mutual-TLS client to its alias. Asked for: the endpoint, or
 * why there is none. Not asked for: the endpoint when the metadata says require_pushed_authorization_requests; null
 * otherwise, or when there is no metadata to read.
 */
async function pushTarget(
  getJson: JsonGetter,
  profile: Profile,
  flow: OAuth2State,
  asked: boolean
): Promise<{ readonly url: string } | { readonly error: string } | null> {
  const issuer = profile.oauth2.issuer || flow.config.baseUrl;
  const discovered = await discoverIssuer(issuer, getJson);
  if (!asked && (discovered.refused || discovered.document === null)) return null;
  if (discovered.refused) return { error: discovered.refused };
  const target = pushTargetOf(discovered.document, asked, flow.config.authentication ?? 'body');
  if (!target.ok) return { error: `${discovered.url}: ${target.reason}` };
  return target.url === null ? null : { url: target.url };
}

/**
 * The OAuth 2 page's pushed authorization request (RFC 9126): the endpoint from the provider's metadata (§5), the
 * request POSTed by the app host with the client authentication the token leg uses (§2.1): a client assertion signed
 * in the host whose aud is the issuer or this endpoint (§2), the client certificate on the connection (RFC 8705 §2,
 * to the endpoint's mutual-TLS alias); its answer checked (§2.2): the code grant's par leg, which the CLI runs too.
 * With DPoP on, a proof of the profile's key goes with it (RFC 9449 §10.1, by the driver's authenticatedPort), a nonce asked for there
 * followed once.
 */
function createParStore(deps: RendererDeps) {
  const { bridge } = deps;
  // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
  const dpopNonces = new Map<string, string>();
  const sends = flowSends(bridge);
  const getJson = (profile: Profile) => issuerJsonGetter(bridge, profile);
  return createStore<ParState>()((set, get) => ({
    enabled: false,
    pushing: false,
    ...CLEAR,
    toggled: (enabled) => set({ enabled, ...CLEAR }),
    async pushed(flow, profile, asked = true) {
      // Not asked for: pushed only when the metadata of the issuer the profile names requires it (RFC 9126 §5).
      if (!asked && !profile.oauth2.issuer) return flow;
      if (asked) set({ pushing: true, ...CLEAR });
      try {
        const target = await pushTarget(getJson(profile), profile, flow, asked);
        if (target === null) return flow;
        if (!asked) set({ pushing: true, ...CLEAR, required: true });
        if ('error' in target) {
          set({ error: target.error });
          return null;
        }
        const c = flow.config;
        const parUrl = target.url;
        const pushing = { ...flow, config: { ...c, parEndpoint: parUrl } };
        // RFC 9126 §2: the assertion's audience is the issuer or this endpoint.
        const audience = clientAssertionOf(profile, c.baseUrl, parUrl);
        const { run, assertion, dpop, error } = await pushSent(deps, sends, profile, pushing, audience, dpopNonces);
        if (!run) {
          set({ parUrl, assertion, error, dpop });
          return null;
        }
        const { exchange, outcome } = run;
        const pushedUrl = outcome.ok ? authorizationUrlOf(outcome.state) : null;
        set({ parUrl, exchange, outcome: outcome.pushed, assertion, pushedUrl, dpop });
        return outcome.ok ? outcome.state : null;
      } catch (e) {
        if (!asked && !get().required) return flow;
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
