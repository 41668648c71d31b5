import { bridgeErrorOf, type BridgeError } from '../../../shared/bridge/result';
import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import { withBearerToken } from '../../../shared/oauth2/bearer';
import type { Profile } from '../../../shared/store/profile';
import { dpopOfLeg, type DpopLegTrace } from '../dpop-page-send';
import { bearerCallWithAutoRefresh } from './oauth2-auto-refresh';
import type { OAuth2PageStore } from './oauth2-page-store';

/**
 * The OAuth 2 page's bearer call with automatic refresh (oauth2-auto-refresh.ts): the run and the new token shown,
 * and the draft keeping the user's request with the new token; nothing kept when the flow started over meanwhile.
 */
export async function apiCallWithAutoRefresh(
  { deps, sends, get, set, dpopNonces }: OAuth2PageStore,
  flow: OAuth2State,
  draft: RawRequest,
  p: Profile
): Promise<void> {
  const attempt = sends.attempt();
  const failed = (error: BridgeError, dpop: DpopLegTrace | null = null) =>
    set({
      flow: { ...flow, legs: { ...flow.legs, api: 'failed' } },
      runs: { ...get().runs, api: { sending: false, exchange: null, error, outcome: null, dpop } },
    });
  // RFC 9449 §7: with the profile's DPoP on, the token is bound to its key; each request carries a proof of it.
  const dpop = await dpopOfLeg(deps, p, 'api', dpopNonces, null);
  if (!dpop.ok) return failed(dpop.error);
  try {
    const r = await bearerCallWithAutoRefresh({ ...deps, sends }, flow, get().standing, draft, p, dpop.value);
    if (!sends.isCurrent(attempt)) return;
    const next = r.state;
    const renewed = next.token && next.token !== flow.token ? next.token : null;
    set({
      flow: next,
      standing: r.standing,
      runs: { ...get().runs, api: r.run },
      ...(renewed
        ? {
            drafts: {
              ...get().drafts,
              // The user's request with the new token; what the transport sent is a record, not a draft.
              api: withBearerToken(get().drafts.api ?? draft, renewed.accessToken),
              ...(renewed.refreshToken ? { refresh: oauth2Flow.buildRefreshRequest(next) } : {}),
            },
          }
        : {}),
    });
  } catch (e) {
    if (!sends.isCurrent(attempt)) return;
    // The transport's code, or a protocol error's own code and step (a bearer in a GET's body, …).
    failed(bridgeErrorOf(e), dpop.value?.trace() ?? null);
  }
}
