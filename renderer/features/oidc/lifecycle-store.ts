import { createStore } from 'zustand/vanilla';
import type { Check } from '../../../shared/flows';
import { buildRefreshRequest, type OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import {
  buildIntrospectionRequest,
  buildReuseRequest,
  buildRevocationRequest,
  interpretIntrospection,
  interpretRefresh,
  interpretReuse,
  interpretRevocation,
  type ClientCredentials,
  type TokenTypeHint,
} from '../../../shared/oidc';
import { clientAssertionOf, transportOf } from '../../../shared/flows/profile-config';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { Profile } from '../../../shared/store/profile';
import { assertionSigned } from '../../state/client-assertion-send';
import type { RendererDeps } from '../../app/deps';
import type { OAuth2Store } from '../../state/oauth2-store';
import { annotateHistory, historyRecord } from '../../state/flow-records';

export type LifecycleKind = 'refresh' | 'reuse' | 'introspection' | 'revocation';

/** One request of the token's life: what was sent, what came back, and the checks, like a flow's leg. */
export interface LifecycleLeg {
  readonly id: number;
  readonly kind: LifecycleKind;
  readonly title: string;
  readonly request: RawRequest;
  /** The tokens the request may carry, masked wherever it is shown. */
  readonly carried: readonly string[];
  readonly exchange: Exchange | null;
  /** The transport's error (no response), or a request that could not be built. */
  readonly error: string | null;
  readonly ok: boolean;
  readonly summary: string;
  readonly checks: readonly Check[];
  /** The client assertion signed into the request as it was sent (client_secret_jwt, private_key_jwt). */
  readonly assertion?: ClientAssertionTrace | null;
  /** A refresh: the refresh token presented and the one to use now (null: none came back). */
  readonly rotation?: { readonly old: string; readonly new: string | null; readonly rotated: boolean };
}

export interface LifecycleState {
  /** The OAuth 2 page's flow after its token exchange, and its profile (transport options, history). */
  readonly flow: OAuth2State | null;
  readonly profile: Profile | null;
  /** The refresh token the last rotation replaced, to present again (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)). */
  readonly replaced: string | null;
  readonly legs: readonly LifecycleLeg[];
  readonly sending: boolean;
  readonly problem: string | null;
  tokensTaken(flow: OAuth2State, profile: Profile): void;
  refreshRequested(): Promise<void>;
  reuseRequested(): Promise<void>;
  introspectionRequested(endpoint: string, which: TokenTypeHint): Promise<void>;
  revocationRequested(endpoint: string, which: TokenTypeHint): Promise<void>;
}

const TITLES: Readonly<Record<LifecycleKind, string>> = {
  refresh: 'Refresh (RFC 6749 §6)',
  reuse: 'The replaced refresh token again (RFC 9700 §4.14.2)',
  introspection: 'Introspection (RFC 7662)',
  revocation: 'Revocation (RFC 7009)',
};
const WHICH = { access_token: 'access token', refresh_token: 'refresh token' } as const;

/**
 * The token lifecycle on the OpenID Connect page, on the tokens of the OAuth 2 page's flow: each request goes
 * through the bridge (recorded in the history like every leg) and is read by shared/oidc. The two pages share the
 * flow's tokens: a refresh here moves the OAuth 2 page (and the saved tokens) on, and one there moves this on.
 */
export function createLifecycleStore({ bridge, random, now }: RendererDeps, { oauth2 }: { oauth2: OAuth2Store }) {
  return createStore<LifecycleState>()((set, get) => {
    let nextId = 1;
    oauth2.subscribe(({ flow: shared }) => {
      const { flow } = get();
      if (flow && shared?.token && shared.state === flow.state && shared.token !== flow.token)
        set({ flow: { ...flow, token: shared.token } });
    });
    const credentials = (f: OAuth2State): ClientCredentials => ({
      clientId: f.config.clientId,
      clientSecret: f.config.clientSecret,
      authentication: f.config.authentication ?? 'body',
    });
    /** Sends one leg and appends it; `read` interprets the exchange. */
    const run = async (
      kind: LifecycleKind,
      title: string,
      build: (f: OAuth2State) => RawRequest,
      read: (e: Exchange) => Omit<LifecycleLeg, 'id' | 'kind' | 'title' | 'request' | 'carried' | 'exchange' | 'error'>
    ) => {
      const { flow, profile } = get();
      if (!flow || !profile || get().sending) return;
      let request: RawRequest;
      try {
        request = build(flow);
      } catch (e) {
        return set({ problem: (e as Error).message });
      }
      set({ sending: true, problem: null });
      const signed = await assertionSigned(bridge, request, clientAssertionOf(profile, flow.config.baseUrl));
      if (!signed.ok) return set({ sending: false, problem: signed.error.message });
      request = signed.value.request;
      const leg = {
        id: nextId++,
        kind,
        title,
        request,
        assertion: signed.value.trace,
        carried: [flow.token?.accessToken, flow.token?.refreshToken, get().replaced].filter((t): t is string => !!t),
      };
      const record = historyRecord(random, { profileId: profile.id, flow: 'oauth2', leg: kind });
      const r = await bridge.httpSend({
        request,
        options: transportOf(profile),
        record,
      });
      if (!r.ok)
        return set({
          sending: false,
          legs: [
            ...get().legs,
            { ...leg, exchange: null, error: r.error.message, ok: false, summary: r.error.message, checks: [] },
          ],
        });
      const outcome = read(r.value);
      annotateHistory(bridge, record, outcome);
      set({ sending: false, legs: [...get().legs, { ...leg, exchange: r.value, error: null, ...outcome }] });
    };
    return {
      flow: null,
      profile: null,
      replaced: null,
      legs: [],
      sending: false,
      problem: null,
      tokensTaken: (flow, profile) => set({ flow, profile, replaced: null, legs: [], problem: null }),
      refreshRequested: () =>
        run('refresh', TITLES.refresh, buildRefreshRequest, (e) => {
          const r = interpretRefresh(get().flow!, e, now());
          set({ flow: r.state, ...(r.rotated ? { replaced: r.oldRefreshToken } : {}) });
          if (r.ok) oauth2.getState().tokenReplaced(r.state);
          return {
            ok: r.ok,
            summary: r.summary,
            checks: r.checks,
            rotation: { old: r.oldRefreshToken, new: r.newRefreshToken, rotated: r.rotated },
          };
        }),
      reuseRequested: () =>
        run('reuse', TITLES.reuse, (f) => buildReuseRequest(f, get().replaced ?? ''), interpretReuse),
      introspectionRequested: (endpoint, which) =>
        run(
          'introspection',
          `${TITLES.introspection} of the ${WHICH[which]}`,
          (f) => buildIntrospectionRequest(endpoint, credentials(f), tokenOf(f, which), which),
          (e) => {
            const r = interpretIntrospection(e);
            return {
              ok: r.ok,
              checks: r.checks,
              summary: r.result
                ? `The provider says active: ${r.result.active}.`
                : `No answer to read (HTTP ${e.response.status}).`,
            };
          }
        ),
      revocationRequested: (endpoint, which) =>
        run(
          'revocation',
          `${TITLES.revocation} of the ${WHICH[which]}`,
          (f) => buildRevocationRequest(endpoint, credentials(f), tokenOf(f, which), which),
          (e) => {
            const r = interpretRevocation(e);
            return {
              ok: r.ok,
              checks: r.checks,
              summary: r.ok ? 'Revoked, or already invalid (HTTP 200).' : `Not revoked (HTTP ${e.response.status}).`,
            };
          }
        ),
    };
  });
}

const tokenOf = (f: OAuth2State, which: TokenTypeHint) =>
  (which === 'access_token' ? f.token?.accessToken : f.token?.refreshToken) ?? '';
