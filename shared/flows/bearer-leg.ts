import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Exchange, RawRequest } from '../http';
import type { Param } from '../url-encoded';
import { refusesDpopProof } from '../dpop/proof-refusal';
import { bearerAuthorization } from '../oauth2/bearer';
import type { TokenSet } from '../oauth2/token-response';
import { apiAnswer, providerMessage, sentence } from '../provider-message';
import { check, endpointUrl, warning, type Interpretation, type LegStatus } from './common';
import { withExtraHeaders } from './extra-headers';

/** What a bearer call needs of a grant's state (every OAuth 2 grant's state has it). */
export interface BearerState {
  readonly config: { readonly baseUrl: string; readonly headers?: readonly Param[] };
  readonly token: TokenSet | null;
  readonly legs: { readonly api: LegStatus };
}

/** A bearer request to a protected resource (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)); `outsideGrammar`: send a token that is not a b64token as it is. */
export function buildBearerRequest(
  s: BearerState,
  input: { method: string; path: string; outsideGrammar?: boolean }
): RawRequest {
  if (!s.token)
    throw new ProtocolError(
      PROTOCOL_ERROR.NO_ACCESS_TOKEN,
      'api',
      'There is no access token yet; exchange the code first.'
    );
  return withExtraHeaders(
    {
      method: input.method.toUpperCase(),
      url: endpointUrl(s.config.baseUrl, input.path),
      headers: [['Authorization', bearerAuthorization(s.token.accessToken, input.outsideGrammar)]],
    },
    s.config.headers
  );
}

export function interpretBearerResponse<S extends BearerState>(
  s: S,
  exchange: Exchange,
  now: number
): Interpretation<S> {
  const status = exchange.response.status;
  const ok = status >= 200 && status < 300;
  const checks = [
    check(
      'status',
      ok,
      `HTTP ${status} ${exchange.response.statusText}`.trim(),
      `HTTP ${status} ${exchange.response.statusText}`.trim()
    ),
  ];
  if (ok) {
    // Judged by its status; an error document in the body (Slack's ok:false) is shown, not made a failure.
    const { summary, bodySays } = apiAnswer(exchange.response);
    return {
      ok,
      checks: bodySays ? [...checks, warning('body', bodySays)] : checks,
      summary,
      state: { ...s, legs: { ...s.legs, api: 'succeeded' } },
    };
  }
  const said = providerMessage(exchange.response);
  const expired = !!s.token?.expiresAt && now >= s.token.expiresAt;
  // RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1): 401 invalid_token (expired, revoked, malformed), 403 insufficient_scope.
  const todo =
    status === 401
      ? refusesDpopProof(exchange.response)
        ? ' The DPoP proof was refused, not the token (RFC 9449 §7.1): send again with a right proof.'
        : expired
          ? ' The token has passed expires_in: refresh it, or authorize again.'
          : ' The token is not accepted (RFC 6750 §3.1): refresh it, or authorize again.'
      : status === 403
        ? ' The token lacks a permission (RFC 6750 §3.1 insufficient_scope): authorize again with the scope this request needs.'
        : '';
  const summary = `HTTP ${status}${said ? `, the provider says: ${sentence(said.text)}` : '.'}${todo}`;
  return { ok, checks, summary, state: { ...s, legs: { ...s.legs, api: 'failed' } } };
}
