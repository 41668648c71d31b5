import type { HistoryEntry } from '../../../shared/store/history';
import type { Profile } from '../../../shared/store/profile';

type Exchange = HistoryEntry['exchange'];

/** Fields whose values are secrets wherever they appear (design §5): form, query or JSON. */
const SECRET_FIELDS = ['client_secret', 'oauth_token_secret', 'refresh_token'];

const DOTS = '••••••••';

/** The profiles' own secrets as they may appear on the wire (plain and percent-encoded). */
export function profileSecrets(profiles: readonly Profile[]): string[] {
  const values = profiles.flatMap((p) => [p.oauth1.consumerSecret, p.oauth2.clientSecret]).filter((s) => s.length >= 4);
  return [...new Set(values.flatMap((s) => [s, encodeURIComponent(s)]))].sort((a, b) => b.length - a.length);
}

/** Text with secret values replaced by dots: named fields and the given secrets. */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const name of SECRET_FIELDS) {
    out = out.replace(new RegExp(`(^|[?&\\s])(${name}=)([^&\\s]+)`, 'g'), `$1$2${DOTS}`);
    out = out.replace(new RegExp(`("${name}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g'), `$1"${DOTS}"`);
  }
  for (const s of secrets) out = out.split(s).join(DOTS);
  return out;
}

/** Header values masked; HTTP Basic credentials (the client secret, base64) entirely. */
const maskHeaders = (headers: Exchange['request']['headers'], secrets: readonly string[]) =>
  headers.map(([n, v]) => [n, n.toLowerCase() === 'authorization' && /^basic\s/i.test(v) ? `${v.split(/\s/)[0]} ${DOTS}` : maskText(v, secrets)] as const);

/** The exchange with its secrets masked, for display; `changed` says whether there was anything to mask. */
export function maskExchange(exchange: Exchange, secrets: readonly string[]): { exchange: Exchange; changed: boolean } {
  const { request, response } = exchange;
  const masked: Exchange = {
    ...exchange,
    request: {
      ...request,
      url: maskText(request.url, secrets),
      headers: maskHeaders(request.headers, secrets),
      ...(request.body !== undefined ? { body: maskText(request.body, secrets) } : {}),
      ...(request.requestLine !== undefined ? { requestLine: maskText(request.requestLine, secrets) } : {}),
    },
    response: { ...response, headers: maskHeaders(response.headers, secrets), bodyText: maskText(response.bodyText, secrets) },
  };
  const changed = JSON.stringify(masked.request) !== JSON.stringify(request) || JSON.stringify(masked.response) !== JSON.stringify(response);
  return { exchange: masked, changed };
}
