import { createStore } from 'zustand/vanilla';
import type { Check, Interpretation } from '../../../shared/flows';
import type { SentLeg } from '../../../shared/flows/driver/grant';
import {
  dpopRefreshLeg,
  introspectionLeg,
  LIFECYCLE_DPOP_LEGS,
  refreshLeg,
  reuseLeg,
  revocationLeg,
} from '../../../shared/flows/driver/lifecycle-legs';
import { withDpopProofs } from '../../../shared/flows/driver/dpop-port';
import { sendLeg } from '../../../shared/flows/driver/run-leg';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { TokenTypeHint } from '../../../shared/oidc';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { Profile } from '../../../shared/store/profile';
import { assertionSigned } from '../../state/client-assertion-send';
import type { RendererDeps } from '../../app/deps';
import type { OAuth2Store } from '../../state/oauth2-store';
import { flowSends } from '../../state/flow-sends';
import { pageHostPort } from '../../state/page-host-port';
import { pageDpop, type DpopLegTrace } from '../../state/dpop-page-send';

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
  /** The DPoP proofs the leg sent with the profile's DPoP on (RFC 9449): the refresh's and the reuse's. */
  readonly dpop?: DpopLegTrace | null;
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

/**
 * The token lifecycle on the OpenID Connect page, on the tokens of the OAuth 2 page's flow: each request goes
 * through the bridge (recorded in the history like every leg) and is read by shared/oidc. The two pages share the
 * flow's tokens: a refresh here moves the OAuth 2 page (and the saved tokens) on, and one there moves this on.
 * With the profile's DPoP on, the tokens are bound to its key (RFC 9449): the legs of LIFECYCLE_DPOP_LEGS carry
 * proofs signed in the host, and the refresh and introspection check the binding (the shared driver's legs).
 */
export function createLifecycleStore(deps: RendererDeps, { oauth2 }: { oauth2: OAuth2Store }) {
  const { bridge } = deps;
  return createStore<LifecycleState>()((set, get) => {
    let nextId = 1;
    oauth2.subscribe(({ flow: shared }) => {
      const { flow } = get();
      if (flow && shared?.token && shared.state === flow.state && shared.token !== flow.token)
        set({ flow: { ...flow, token: shared.token } });
    });
    const sends = flowSends(bridge);
    // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
    const dpopNonces = new Map<string, string>();
    /**
     * The leg sent through the flow driver (recorded once with its verdict); `defOf` makes it with the DPoP key's
     * thumbprint when the profile's DPoP is on; `read` adds what the page shows of it.
     */
    const run = async <I extends Interpretation<OAuth2State>>(
      kind: LifecycleKind,
      defOf: (dpopThumbprint: string | null) => SentLeg<OAuth2State, I>,
      read: (outcome: I) => Pick<LifecycleLeg, 'rotation'> = () => ({})
    ) => {
      const { flow, profile } = get();
      if (!flow || !profile || get().sending) return;
      set({ sending: true, problem: null });
      const dpop = profile.oauth2.dpop ? await pageDpop(deps, profile, dpopNonces) : null;
      if (dpop && !dpop.ok) return set({ sending: false, problem: dpop.error.message });
      const onPage = dpop?.value ?? null;
      const def = defOf(onPage?.trace().thumbprint ?? null);
      let request: RawRequest;
      try {
        request = def.build(flow, deps);
      } catch (e) {
        return set({ sending: false, problem: (e as Error).message });
      }
      const signed = await assertionSigned(bridge, request, clientAssertionOf(profile, flow.config.baseUrl));
      if (!signed.ok) return set({ sending: false, problem: signed.error.message });
      request = signed.value.request;
      const leg = {
        id: nextId++,
        kind,
        title: def.title(flow),
        request,
        assertion: signed.value.trace,
        carried: [flow.token?.accessToken, flow.token?.refreshToken, get().replaced].filter((t): t is string => !!t),
      };
      // A refresh's token reaches the OAuth 2 page (tokenReplaced), which saves it: nothing to save here.
      const port = pageHostPort(deps, sends, profile, 'oauth2', () => {});
      const proven = onPage ? withDpopProofs(port, onPage.client, LIFECYCLE_DPOP_LEGS) : port;
      const dpopTrace = () => ({ dpop: onPage?.trace() ?? null });
      try {
        const { exchange, outcome } = await sendLeg(def, kind, () => get().flow!, proven, request);
        const { ok, summary, checks } = outcome;
        const shown = { ...leg, exchange, error: null, ok, summary, checks, ...dpopTrace(), ...read(outcome) };
        set({ sending: false, legs: [...get().legs, shown] });
      } catch (e) {
        const error = (e as Error).message;
        const failed = { ...leg, exchange: null, error, ok: false, summary: error, checks: [], ...dpopTrace() };
        set({ sending: false, legs: [...get().legs, failed] });
      }
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
        run(
          'refresh',
          (jkt) => (jkt ? dpopRefreshLeg(jkt) : refreshLeg),
          (r) => {
            set({ flow: r.state, ...(r.rotated ? { replaced: r.oldRefreshToken } : {}) });
            if (r.ok) oauth2.getState().tokenReplaced(r.state);
            return { rotation: { old: r.oldRefreshToken, new: r.newRefreshToken, rotated: r.rotated } };
          }
        ),
      reuseRequested: () => run('reuse', () => reuseLeg(get().replaced ?? '')),
      introspectionRequested: (endpoint, which) =>
        run('introspection', (jkt) => introspectionLeg(endpoint, which, jkt)),
      revocationRequested: (endpoint, which) => run('revocation', () => revocationLeg(endpoint, which)),
    };
  });
}
