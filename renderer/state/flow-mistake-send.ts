import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import { base64UrlEncode } from '../../shared/encoding/base64';
import type { RawRequest } from '../../shared/http';
import { registrationRequestBody } from '../../shared/mcp/registration';
import { registeredAtMock } from './mock-registration';
import {
  asOtherClient,
  bodyParam,
  FLOW_MISTAKES,
  withBodyParam,
  withChangedState,
  type FlowMistake,
} from '../../shared/oauth2/flow-mistakes';
import type { RandomPort } from '../../shared/ports';
import { isOpenIdScope } from '../../shared/oidc/nonce';
import { targetsMock } from '../../shared/flows/profile-config';
import type { Profile } from '../../shared/store/profile';
import type { OAuth2FlowState, SentLeg } from './oauth2/oauth2-flow-state';
import type { OAuth2Run } from './oauth2/oauth2-run';

/** The refresh token a leg's last accepted (2xx) refresh sent: the one that refresh rotated away (RFC 9700 §4.14.2). */
const rotatedRefreshToken = (run: OAuth2Run | undefined): string | null =>
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
  if (mistake === 'nonce-left-out' && !isOpenIdScope(profile.oauth2.scope))
    return 'the scope has no openid, so no id_token or nonce';
  if (mistake === 'nonce-left-out' && !targetsMock(profile))
    return 'only against the built-in mock, whose id_token the app can change';
  if (mistake === 'other-client' && !targetsMock(profile))
    return 'only against the built-in mock, where the app registers the other client';
  if (mistake === 'code-twice' && !(runs.token?.exchange && runs.token.exchange.response.status < 300))
    return 'once an exchange has succeeded';
  if (mistake === 'old-refresh-token' && rotatedRefreshToken(runs.refresh) === null)
    return 'once a refresh has succeeded';
  return null;
}

/** A second client registered at the mock's registration endpoint (its discovery document names it; RFC 7591 §3.1). */
async function otherClient(
  bridge: Pick<BridgeApi, 'httpSend'>,
  baseUrl: string,
  redirectUri: string
): Promise<BridgeResult<{ id: string; secret: string }>> {
  const r = await registeredAtMock(bridge, baseUrl, registrationRequestBody(redirectUri, ['client_secret_post'], null));
  if (!r.ok) return r;
  const { client_id: id, client_secret: secret } = r.value;
  return typeof id === 'string' && typeof secret === 'string'
    ? { ok: true, value: { id, secret } }
    : {
        ok: false,
        error: { code: 'registration_refused', message: 'The mock registered the client without a secret.' },
      };
}

/**
 * The request a mistake sends, with what it needs done first: the code after its lifetime moves the mock's clock
 * past the code's lifetime (its settings say how long; one second more); the code exchanged by another client
 * registers one.
 */
export async function flowMistakePrepared(
  bridge: Pick<BridgeApi, 'mockState' | 'mockAdvanceClock' | 'httpSend'>,
  mistake: FlowMistake | null,
  request: RawRequest,
  baseUrl: string
): Promise<BridgeResult<RawRequest>> {
  if (mistake === 'other-client') {
    const other = await otherClient(bridge, baseUrl, bodyParam(request, 'redirect_uri') ?? '');
    return other.ok ? { ok: true, value: asOtherClient(request, other.value.id, other.value.secret) } : other;
  }
  if (mistake !== 'code-expired') return { ok: true, value: request };
  const state = await bridge.mockState();
  if (!state.ok) return state;
  const advanced = await bridge.mockAdvanceClock({ seconds: (state.value.settings.lifetimes.codeTtl ?? 0) + 1 });
  return advanced.ok ? { ok: true, value: request } : advanced;
}

/** The leg's request with the chosen flow mistake made in it (once: the store forgets the choice on send). */
function withFlowMistake(
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

/** The callback's query as the client judges it: with another state when that mistake was chosen, as a tampered redirect would bring it. */
export function callbackAsJudged(page: Pick<OAuth2FlowState, 'flowMistake'>, received: string): string {
  return page.flowMistake === 'state-changed' ? withChangedState(received) : received;
}
