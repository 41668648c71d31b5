import { authorizationCredential, isSecretHeader, secretNamesPattern, SECRET_HEADERS } from '../shared/secrets';

/**
 * Secrets never leave the provider in events: what the one list (shared/secrets.ts) names is replaced in form and
 * JSON bodies, in the query, and in headers (an Authorization credential keeps its scheme). Bodies are cut to a
 * bounded size so the event history stays small.
 */
const REDACTED = '«redacted»';
export const MAX_EVENT_BODY = 16 * 1024;

const FORM_FIELD = new RegExp(`(^|&)(${secretNamesPattern('form')})=([^&]*)`, 'gi');
const JSON_FIELD = new RegExp(`("(?:${secretNamesPattern('json')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

const redactForm = (text: string) =>
  text.replace(FORM_FIELD, (_m, pre: string, name: string) => `${pre}${name}=${encodeURIComponent(REDACTED)}`);

export function redactBody(text: string): string {
  if (text === '') return text;
  const cut =
    text.length > MAX_EVENT_BODY
      ? `${text.slice(0, MAX_EVENT_BODY)}… («${text.length - MAX_EVENT_BODY} more characters»)`
      : text;
  return redactForm(cut).replace(JSON_FIELD, (_m, pre: string) => `${pre}"${REDACTED}"`);
}

/** A request target (`/path?query`) with the listed parameters of its query replaced. */
export function redactTarget(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? target : `${target.slice(0, q + 1)}${redactForm(target.slice(q + 1))}`;
}

const CREDENTIAL_HEADERS = new Set<string>([
  'authorization',
  'proxy-authorization',
] satisfies (typeof SECRET_HEADERS)[number][]);

export function redactHeaders(headers: readonly (readonly [string, string])[]): [string, string][] {
  return headers.map(([n, v]): [string, string] => {
    const lower = n.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower)) {
      const credential = authorizationCredential(v);
      // OAuth 1.0a's parameters stay (RFC 5849 §3.5.1); a PLAINTEXT signature is both secrets (§3.4.4).
      if (!credential) return [n, /PLAINTEXT/.test(v) ? v.replace(/(oauth_signature=")[^"]*"/, `$1${REDACTED}"`) : v];
      return [n, credential.scheme ? `${credential.scheme} ${REDACTED}` : REDACTED];
    }
    if (isSecretHeader(lower)) return [n, REDACTED];
    return [n, v.length > 4096 ? `${v.slice(0, 4096)}…` : v];
  });
}
