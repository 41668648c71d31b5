import { createStore } from 'zustand';
import type { BridgeApi } from '../../../shared/bridge/api';
import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange } from '../../../shared/http';
import { discoverIssuer } from '../../../shared/oidc/discovery';
import { getJsonFollowingRedirects } from '../../../shared/oidc/json-document';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
  type PushedAuthorization,
} from '../../../shared/oauth2/pushed-authorization';
import type { Profile } from '../../../shared/store/profile';
import { pageStore } from '../../app/page-store';

export interface ParState {
  /** Push the authorization request before the browser opens (RFC 9126). */
  readonly enabled: boolean;
  readonly pushing: boolean;
  /** The pushed request's endpoint, the exchange and what was read from it; null before a push. */
  readonly parUrl: string | null;
  readonly exchange: Exchange | null;
  readonly outcome: PushedAuthorization | null;
  /** Why no push could be made (no endpoint in the metadata, the request could not be sent). */
  readonly error: string | null;
  /** The browser's URL: only client_id and request_uri (RFC 9126 §4). */
  readonly pushedUrl: string | null;
  toggled(on: boolean): void;
  /** Pushes the flow's authorization request; resolves to the URL to open, or null when the push failed. */
  pushed(flow: OAuth2State, profile: Profile): Promise<string | null>;
}

const CLEAR = { parUrl: null, exchange: null, outcome: null, error: null, pushedUrl: null } as const;

/**
 * The OAuth 2 page's pushed authorization request (RFC 9126): the endpoint from the provider's metadata (§5), the
 * request POSTed by the app host with the token leg's client authentication (§2.1), its answer checked (§2.2).
 */
function createParStore(bridge: Pick<BridgeApi, 'httpSend'>) {
  const getJson = (url: string) =>
    getJsonFollowingRedirects(url, async (at) => {
      const r = await bridge.httpSend({
        request: { method: 'GET', url: at, headers: [['Accept', 'application/json']] },
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.response;
    });
  return createStore<ParState>()((set) => ({
    enabled: false,
    pushing: false,
    ...CLEAR,
    toggled: (enabled) => set({ enabled, ...CLEAR }),
    async pushed(flow, profile) {
      set({ pushing: true, ...CLEAR });
      try {
        const issuer = profile.oauth2.issuer || flow.config.baseUrl;
        const discovered = await discoverIssuer(issuer, getJson);
        const endpoint = parEndpointOf(discovered.document);
        if (discovered.refused || !endpoint.ok) {
          set({ error: discovered.refused ?? `${discovered.url}: ${(endpoint as { reason: string }).reason}` });
          return null;
        }
        const c = flow.config;
        const request = buildPushedAuthorizationRequest({
          parUrl: endpoint.url,
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          authentication: c.authentication ?? 'body',
          authorizationParams: oauth2Flow.buildAuthorizeRequest(flow).params,
        });
        const r = await bridge.httpSend({
          request,
          options: { allowSelfSigned: profile.allowSelfSigned, timeoutMs: profile.timeoutMs },
        });
        if (!r.ok) {
          set({ parUrl: endpoint.url, error: r.error.message });
          return null;
        }
        const outcome = interpretPushedAuthorization(r.value);
        const pushedUrl =
          outcome.ok && outcome.requestUri
            ? pushedAuthorizationUrl(oauth2Flow.authorizeEndpoint(flow), c.clientId, outcome.requestUri)
            : null;
        set({ parUrl: endpoint.url, exchange: r.value, outcome, pushedUrl });
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
export const usePar = pageStore((deps) => createParStore(deps.bridge));
