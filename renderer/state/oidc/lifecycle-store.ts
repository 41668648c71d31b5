import { createStore } from 'zustand/vanilla';
import {
  dpopRefreshLeg,
  introspectionLeg,
  refreshLeg,
  reuseLeg,
  revocationLeg,
} from '../../../shared/flows/driver/lifecycle-legs';
import { refreshTokenRefusal } from '../../../shared/oauth2/refresh-refusal';
import type { RendererDeps } from '../../app/deps';
import type { OAuth2Store } from '../oauth2/oauth2-store';
import { flowSends } from '../flow-sends';
import { lifecycleLegSent } from './lifecycle-leg-send';
import type { LifecyclePageStore, LifecycleState } from './lifecycle-state';

/**
 * The token lifecycle on the OpenID Connect page, on the tokens of the OAuth 2 page's flow: each request goes
 * through the bridge (recorded in the history like every leg) and is read by shared/oidc. The two pages share the
 * flow's tokens: a refresh here moves the OAuth 2 page (and the saved tokens) on, and one there moves this on; a
 * refresh token revoked here, or whose refresh was refused (invalid_grant), is dead there and in its saved record.
 * With the profile's DPoP on, the tokens are bound to its key (RFC 9449): the legs of LIFECYCLE_DPOP_LEGS carry
 * proofs signed in the host, and the refresh and introspection check the binding (the shared driver's legs).
 */
export function createLifecycleStore(deps: RendererDeps, { oauth2 }: { oauth2: OAuth2Store }) {
  const { bridge } = deps;
  return createStore<LifecycleState>()((set, get) => {
    let nextId = 1;
    // Once taken, the lifecycle follows the OAuth 2 flow: its new tokens, and a new flow's (none until it has them),
    // so it never refreshes or introspects an earlier run's token as if it were the current one.
    oauth2.subscribe(({ flow: shared, profile }) => {
      const { flow } = get();
      if (!flow || !shared || shared.token === flow.token) return;
      if (shared.state === flow.state) {
        if (shared.token) set({ flow: { ...flow, token: shared.token } });
      } else if (shared.token && profile) get().tokensTaken(shared, profile);
      else set({ flow: null, replaced: null, legs: [], problem: null });
    });
    const sends = flowSends(bridge);
    // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
    const dpopNonces = new Map<string, string>();
    const page: LifecyclePageStore = { deps, sends, get, set, dpopNonces, nextId: () => nextId++ };
    return {
      flow: null,
      profile: null,
      replaced: null,
      legs: [],
      sending: false,
      problem: null,
      tokensTaken: (flow, profile) => set({ flow, profile, replaced: null, legs: [], problem: null }),
      refreshRequested: () =>
        lifecycleLegSent(
          page,
          'refresh',
          (jkt) => (jkt ? dpopRefreshLeg(jkt) : refreshLeg),
          (r, exchange) => {
            set({ flow: r.state, ...(r.rotated ? { replaced: r.oldRefreshToken } : {}) });
            if (r.ok) oauth2.getState().tokenReplaced(r.state);
            const refusal = refreshTokenRefusal(exchange.response);
            if (refusal) oauth2.getState().refreshTokenDied(r.oldRefreshToken, refusal);
            return { rotation: { old: r.oldRefreshToken, new: r.newRefreshToken, rotated: r.rotated } };
          }
        ),
      reuseRequested: () => lifecycleLegSent(page, 'reuse', () => reuseLeg(get().replaced ?? '')),
      introspectionRequested: (endpoint, which) =>
        lifecycleLegSent(page, 'introspection', (jkt) => introspectionLeg(endpoint, which, jkt)),
      revocationRequested: (endpoint, which) => {
        const revoked = which === 'refresh_token' ? get().flow?.token?.refreshToken : undefined;
        // A 200 says the token is invalid now, revoked or already so (RFC 7009 §2.2
        // (https://www.rfc-editor.org/rfc/rfc7009#section-2.2)): the OAuth 2 page stops offering it.
        return lifecycleLegSent(
          page,
          'revocation',
          () => revocationLeg(endpoint, which),
          ({ ok }) => {
            if (ok && revoked) oauth2.getState().refreshTokenDied(revoked, 'revoked on the OpenID Connect page');
            return {};
          }
        );
      },
    };
  });
}
