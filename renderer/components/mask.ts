import type { Exchange } from '../../shared/http';
import { percentDecodeOrKeep } from '../../shared/percent-encoding';
import { authorizationCredential, isSecretHeader } from '../../shared/secrets';
import type { Profile } from '../../shared/store/profile';
// The fields the one list of secrets names, and a secret's shape: the same patterns as a pasted text's masks.
import { FORM_FIELD, JSON_FIELD, SHAPED } from './secret-spans';

const DOTS = '••••••••';

/** The profiles' own secrets as they may appear on the wire (plain and percent-encoded). */
export function profileSecrets(profiles: readonly Profile[]): string[] {
  const values = profiles.flatMap((p) => [p.oauth1.consumerSecret, p.oauth2.clientSecret]).filter((s) => s.length >= 4);
  return [...new Set(values.flatMap((s) => [s, encodeURIComponent(s)]))].sort((a, b) => b.length - a.length);
}

/**
 * The secrets an exchange carries (its credentials, the secret fields of its query, forms and JSON), plain and
 * percent-encoded, longest first: a text about it (a provider's error echoing the token it refused) is masked with
 * them.
 */
export function exchangeSecrets(exchange: Exchange): string[] {
  const values = new Set<string>();
  const add = (v: string) => {
    if (v.length < 4 || v === DOTS) return;
    values.add(v);
    values.add(encodeURIComponent(v));
  };
  const fields = (text: string) => {
    for (const m of text.matchAll(FORM_FIELD)) add(percentDecodeOrKeep(m[3]!));
    for (const m of text.matchAll(JSON_FIELD)) add(m[2]!);
  };
  const headers = (list: Exchange['request']['headers']) => {
    for (const [name, value] of list) {
      if (!isSecretHeader(name)) continue;
      const credential = authorizationCredential(value);
      if (/^(set-)?cookie$/i.test(name)) for (const m of value.matchAll(/(?:^|;\s*)[^=;\s]+=([^;]*)/g)) add(m[1]!);
      else if (credential) add(credential.credential);
      else if (!/authorization$/i.test(name)) add(value);
    }
  };
  const { request, response } = exchange;
  fields(request.url);
  // A path secret found in the whole URL is masked in its path alone too (the list shows the path).
  for (const m of request.url.matchAll(SHAPED)) add(m[0]);
  fields(request.body ?? '');
  fields(response.bodyText);
  headers(request.headers);
  headers(response.headers);
  return [...values].sort((a, b) => b.length - a.length);
}

/** Text with secret values replaced by dots: named fields and the given secrets. */
export function maskText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(FORM_FIELD, `$1$2${DOTS}`).replace(JSON_FIELD, `$1"${DOTS}"`).replace(SHAPED, DOTS);
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
