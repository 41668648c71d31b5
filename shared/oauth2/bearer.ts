import type { RawRequest } from '../http';
import { ProtocolError, PROTOCOL_ERROR } from '../errors';

/** RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1): b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=". */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const B64TOKEN_CHAR = /[A-Za-z0-9\-._~+/=]/;

/** Why an access token does not fit RFC 6750 §2.1's b64token, naming the first character that does not; null when it fits. */
export function b64TokenProblem(accessToken: string): string | null {
  if (B64TOKEN.test(accessToken)) return null;
  const expected = 'letters, digits and - . _ ~ + / with optional trailing = (the b64token of RFC 6750 §2.1)';
  if (accessToken === '') return `The access token is empty; a Bearer header needs ${expected}.`;
  const at = [...accessToken].findIndex((c) => !B64TOKEN_CHAR.test(c));
  const where = at < 0 ? 'an = before the end' : `${JSON.stringify([...accessToken][at])} at position ${at + 1}`;
  return `The access token the server issued has ${where}, so it is not the ${expected}, which an Authorization: Bearer header carries.`;
}

/**
 * `Bearer <token>`. A token outside the b64token grammar is refused unless `outsideGrammar` is set: real providers
 * issue such tokens, and the user may send one as it is (the transport still refuses CR, LF and NUL).
 */
export function bearerAuthorization(accessToken: string, outsideGrammar = false): string {
  const problem = outsideGrammar ? null : b64TokenProblem(accessToken);
  if (problem) throw new ProtocolError(PROTOCOL_ERROR.INVALID_BEARER_TOKEN, 'bearer', problem);
  return `Bearer ${accessToken}`;
}

/** The request with its Authorization header carrying another bearer token (RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)), all else as it was. */
export const withBearerToken = (request: RawRequest, accessToken: string): RawRequest => ({
  ...request,
  headers: request.headers.map(([n, v]) =>
    n.toLowerCase() === 'authorization' ? [n, bearerAuthorization(accessToken)] : [n, v]
  ),
});
