import type { Exchange } from '../../shared/http';
import type { Profile } from '../../shared/store/profile';

/**
 * Fields whose values are secrets wherever they appear: form, query or JSON. Bearer tokens are secrets
 * too: whoever holds one uses it (RFC 6750 §5.1 (https://www.rfc-editor.org/rfc/rfc6750#section-5.1)).
 */
const SECRET_FIELDS = ['client_secret', 'oauth_token_secret', 'refresh_token', 'access_token', 'id_token'];
/**
 * In a form or query only: `code` is the authorization code there (RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2), §4.1.3; §10.5 keeps it secret),
 * `oauth_verifier` its OAuth 1.0a counterpart (RFC 5849 §2.2 (https://www.rfc-editor.org/rfc/rfc5849#section-2.2)).
 */
const FORM_SECRET_FIELDS = [...SECRET_FIELDS, 'code', 'oauth_verifier'];

const DOTS = '••••••••';

/** The profiles' own secrets as they may appear on the wire (plain and percent-encoded). */
export function profileSecrets(profiles: readonly Profile[]): string[] {
  const values = profiles.flatMap((p) => [p.oauth1.consumerSecret, p.oauth2.clientSecret]).filter((s) => s.length >= 4);
  return [...new Set(values.flatMap((s) => [s, encodeURIComponent(s)]))].sort((a, b) => b.length - a.length);
}

/** Text with secret values replaced by dots: named fields and the given secrets. */
export function maskText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const name of FORM_SECRET_FIELDS)
    out = out.replace(new RegExp(`(^|[?&\\s])(${name}=)([^&\\s]+)`, 'g'), `$1$2${DOTS}`);
  for (const name of SECRET_FIELDS)
    out = out.replace(new RegExp(`("${name}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g'), `$1"${DOTS}"`);
  for (const s of secrets) out = out.split(s).join(DOTS);
  return out;
}

/** A header value masked: HTTP Basic credentials (the client secret, base64) and cookies entirely. */
function maskHeader(name: string, value: string, secrets: readonly string[]): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' && /^basic\s/i.test(value)) return `${value.split(/\s/)[0]} ${DOTS}`;
  // A session cookie is a credential (RFC 6265 §8.3 (https://www.rfc-editor.org/rfc/rfc6265#section-8.3)): keep its name, mask its value.
  if (lower === 'set-cookie' || lower === 'cookie')
    return value.replace(/(^|;\s*)([^=;\s]+=)[^;]*/g, (m, pre: string, key: string) =>
      /^(path|domain|expires|max-age|samesite)=$/i.test(key) ? m : `${pre}${key}${DOTS}`
    );
  return maskText(value, secrets);
}

const maskHeaders = (headers: Exchange['request']['headers'], secrets: readonly string[]) =>
  headers.map(([n, v]) => [n, maskHeader(n, v, secrets)] as const);

/** The exchange with its secrets masked, for display; `changed` says whether there was anything to mask. */
export function maskExchange<E extends Exchange>(
  exchange: E,
  secrets: readonly string[] = []
): { exchange: E; changed: boolean } {
  const { request, response } = exchange;
  const masked: E = {
    ...exchange,
    request: {
      ...request,
      url: maskText(request.url, secrets),
      headers: maskHeaders(request.headers, secrets),
      ...(request.body !== undefined ? { body: maskText(request.body, secrets) } : {}),
      ...('requestLine' in request && typeof request.requestLine === 'string'
        ? { requestLine: maskText(request.requestLine, secrets) }
        : {}),
    },
    response: {
      ...response,
      headers: maskHeaders(response.headers, secrets),
      bodyText: maskText(response.bodyText, secrets),
    },
  };
  const changed =
    JSON.stringify(masked.request) !== JSON.stringify(request) ||
    JSON.stringify(masked.response) !== JSON.stringify(response);
  return { exchange: masked, changed };
}
