import { headerValue, type RawRequest } from '../../../shared/http';
import { percentEncode } from '../../../shared/percent-encoding';
import { authorizationCredential, isSecretParameter } from '../../../shared/secrets';
import { splitUrlEncoded } from '../../../shared/url-encoded';

/**
 * Shorter values are not masked by name: the body is masked wherever a secret's text recurs, and a short one would
 * dot out unrelated characters (as the explain report leaves them, docs/security.md). A code_verifier has at least 43
 * (RFC 7636 §4.1), a client assertion or a token many more.
 */
const MIN_NAMED_SECRET = 6;

/**
 * The values, as written, of the pairs of the request's query and form body whose names are secrets by the one list
 * (shared/secrets.ts: code_verifier, client_assertion, assertion, subject_token, …), whoever put them there.
 */
function namedSecrets(request: RawRequest): string[] {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1).split('#')[0]! : '';
  return [query, request.body ?? '']
    .flatMap(splitUrlEncoded)
    .filter((p) => p.rawValue.length >= MIN_NAMED_SECRET && isSecretParameter(p.rawName, 'form'))
    .map((p) => p.rawValue);
}

/**
 * Every secret an OAuth 2 request may carry, in each form it takes on the wire: the client secret and the tokens
 * as typed (a JSON body) and form-encoded (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1),
 * Appendix B), and the credential of the Authorization header, whatever its scheme (Basic, Bearer, DPoP; RFC 6750
 * §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1), shared/secrets.ts). The tokens are the access and refresh tokens and the
 * authorization code (RFC 6749 §10.5 (https://www.rfc-editor.org/rfc/rfc6749#section-10.5) keeps it confidential).
 * With them, every query or form value the request carries under a secret's name (namedSecrets).
 */
export function requestSecrets(
  request: RawRequest,
  clientSecret: string,
  tokens: readonly (string | null | undefined)[]
): string[] {
  const auth = headerValue(request.headers, 'authorization') ?? '';
  const credentials = authorizationCredential(auth)?.credential;
  const values = [clientSecret, ...tokens].filter((s): s is string => !!s);
  return [...values.flatMap((s) => [s, percentEncode(s)]), credentials, ...namedSecrets(request)].filter(
    (s): s is string => !!s
  );
}
