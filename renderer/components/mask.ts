import type { Exchange } from '../../shared/http';
import { authorizationCredential, isSecretHeader, SECRET_PATH_SHAPES, secretNamesPattern } from '../../shared/secrets';
import type { Profile } from '../../shared/store/profile';

/** The fields the one list of secrets (shared/secrets.ts) names: in a form, query or fragment, and in JSON. */
const FORM_FIELD = new RegExp(`(^|[?&#\\s])((?:${secretNamesPattern('form')})=)([^&#\\s]+)`, 'gi');
const JSON_FIELD = new RegExp(`("(?:${secretNamesPattern('json')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/** The list's URL paths that carry a credential (a bot token, a webhook's). */
const SECRET_PATHS = SECRET_PATH_SHAPES.map((s) => new RegExp(s.pattern, 'g'));

const DOTS = '••••••••';

/** The profiles' own secrets as they may appear on the wire (plain and percent-encoded). */
export function profileSecrets(profiles: readonly Profile[]): string[] {
  const values = profiles.flatMap((p) => [p.oauth1.consumerSecret, p.oauth2.clientSecret]).filter((s) => s.length >= 4);
  return [...new Set(values.flatMap((s) => [s, encodeURIComponent(s)]))].sort((a, b) => b.length - a.length);
}

/** Text with secret values replaced by dots: named fields, the secrets URL paths carry, and the given secrets. */
export function maskText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(FORM_FIELD, `$1$2${DOTS}`).replace(JSON_FIELD, `$1"${DOTS}"`);
  for (const path of SECRET_PATHS) out = out.replace(path, `$1${DOTS}`);
  for (const s of secrets) out = out.split(s).join(DOTS);
  return out;
}

/**
 * A header value masked: the list's secret headers (an Authorization credential of any scheme but OAuth 1.0a's,
 * whose parameters are masked as a form's) and cookies' values.
 */
function maskHeader(name: string, value: string, secrets: readonly string[]): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const credential = authorizationCredential(value);
    if (credential) return credential.scheme ? `${credential.scheme} ${DOTS}` : DOTS;
  }
  // A session cookie is a credential (RFC 6265 §8.3 (https://www.rfc-editor.org/rfc/rfc6265#section-8.3)): keep its name, mask its value.
  if (lower === 'set-cookie' || lower === 'cookie')
    return value.replace(/(^|;\s*)([^=;\s]+=)[^;]*/g, (m, pre: string, key: string) =>
      /^(path|domain|expires|max-age|samesite)=$/i.test(key) ? m : `${pre}${key}${DOTS}`
    );
  if (isSecretHeader(lower) && lower !== 'authorization' && lower !== 'proxy-authorization') return DOTS;
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
