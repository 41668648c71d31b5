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
import type { OAuth2FlowState, SentLeg } from './oauth2-flow-state';
import type { AuthorizationSeen } from './flow-verdict';
import type { OAuth2Run } from './oauth2-run';

/** The refresh token a leg's last accepted (2xx) refresh sent: the one that refresh rotated away (RFC 9700 §4.14.2). */
export const rotatedRefreshToken = (run: OAuth2Run | undefined): string | null =>
  run?.exchange && run.exchange.response.status < 300 ? bodyParam(run.exchange.request, 'refresh_token') : null;

/** Whether a flow mistake can be made on this leg now: a code sent twice needs an exchange that succeeded, … */
export function flowMistakeOffered(
  mistake: FlowMistake,
  runs: Readonly<Partial<Record<SentLeg, OAuth2Run>>>,
  pkce: boolean
): boolean {
  if (mistake === 'wrong-verifier') return pkce;
  if (mistake === 'code-twice') return !!runs.token?.exchange && runs.token.exchange.response.status < 300;
  if (mistake === 'old-refresh-token') return rotatedRefreshToken(runs.refresh) !== null;
  return true;
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
      // The code sent twice is the exchange's request again; the changed state is made at the callback.
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
