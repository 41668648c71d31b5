import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import { base64UrlEncode } from '../../shared/encoding/base64';
import type { RawRequest } from '../../shared/http';
import {
  bodyParam,
  FLOW_MISTAKES,
  withBodyParam,
  withChangedState,
  type FlowMistake,
} from '../../shared/oauth2/flow-mistakes';
import type { RandomPort } from '../../shared/ports';
import { targetsMock } from '../../shared/flows/profile-config';
import type { Profile } from '../../shared/store/profile';
import type { OAuth2FlowState, SentLeg } from './oauth2-flow-state';
import type { AuthorizationSeen } from './flow-verdict';
import type { OAuth2Run } from './oauth2-run';

/** The refresh token a leg's last accepted (2xx) refresh sent: the one that refresh rotated away (RFC 9700 §4.14.2). */
export const rotatedRefreshToken = (run: OAuth2Run | undefined): string | null =>
  run?.exchange && run.exchange.response.status < 300 ? bodyParam(run.exchange.request, 'refresh_token') : null;

/** What a flow mistake needs that this flow lacks (shown in the menu instead of the mistake), or null. */
export function flowMistakeUnavailable(
  mistake: FlowMistake,
  runs: Readonly<Partial<Record<SentLeg, OAuth2Run>>>,
  profile: Profile
): string | null {
  if (mistake === 'wrong-verifier' && profile.oauth2.pkce === 'off') return 'the profile sends no PKCE';
  if (mistake === 'code-expired' && !targetsMock(profile))
    return 'only against the built-in mock, whose clock the app can move';
  if (mistake === 'code-twice' && !(runs.token?.exchange && runs.token.exchange.response.status < 300))
    return 'once an exchange has succeeded';
  if (mistake === 'old-refresh-token' && rotatedRefreshToken(runs.refresh) === null)
    return 'once a refresh has succeeded';
  return null;
}

/**
 * What a mistake needs done before its send: the code after its lifetime moves the built-in mock's clock past the
 * code's lifetime (its settings say how long; one second more).
 */
export async function flowMistakePrepared(
  bridge: Pick<BridgeApi, 'mockState' | 'mockAdvanceClock'>,
  mistake: FlowMistake | null
): Promise<BridgeResult<unknown>> {
  if (mistake !== 'code-expired') return { ok: true, value: null };
  const state = await bridge.mockState();
  if (!state.ok) return state;
  const lifetime = state.value.settings.lifetimes.codeTtl ?? 0;
  return bridge.mockAdvanceClock({ seconds: lifetime + 1 });
}

/** The leg's request with the chosen flow mistake made in it (once: the store forgets the choice on send). */
export function withFlowMistake(
  mistake: FlowMistake,
  request: RawRequest,
  runs: Readonly<Partial<Record<SentLeg, OAuth2Run>>>,
  random: RandomPort
): RawRequest {
  switch (mistake) {
    case 'redirect-trailing-slash':
      return withBodyParam(request, 'redirect_uri', `${bodyParam(request, 'redirect_uri') ?? ''}/`);
    case 'wrong-verifier':
      // 32 octets base64url: a verifier of the RFC 7636 §4.1 shape that is not the one the challenge hashes.
      return withBodyParam(request, 'code_verifier', base64UrlEncode(random.bytes(32)));
    case 'old-refresh-token':
      return withBodyParam(request, 'refresh_token', rotatedRefreshToken(runs.refresh) ?? '');
    default:
      // The code sent twice (and after its lifetime: the clock moved) is the exchange's request again; the changed state is made at the callback.
      return request;
  }
}

/** The request a leg's send makes: with the chosen flow mistake if it belongs to this leg (then it is forgotten). */
export function flowMistakeMade(
  page: Pick<OAuth2FlowState, 'flowMistake' | 'runs'>,
  leg: SentLeg,
  request: RawRequest,
  random: RandomPort
): { flowMistake: FlowMistake | null; sent: RawRequest } {
  const chosen = page.flowMistake;
  const flowMistake = chosen && FLOW_MISTAKES[chosen].leg === leg ? chosen : null;
  return { flowMistake, sent: flowMistake ? withFlowMistake(flowMistake, request, page.runs, random) : request };
}

/**
 * The callback's query as the client judges it: with another state when that mistake was chosen, as a tampered
 * redirect would bring it; and the authorization leg as the explainer reads it.
 */
export function callbackAsJudged(
  page: Pick<OAuth2FlowState, 'flowMistake' | 'authorizeUrl'>,
  received: string,
  now: number
): { query: string; authorizationSeen: AuthorizationSeen } {
  const query = page.flowMistake === 'state-changed' ? withChangedState(received) : received;
  return {
    query,
    authorizationSeen: { authorizeUrl: page.authorizeUrl ?? '', callbackQuery: query, at: new Date(now).toISOString() },
  };
}
