/**
 * Secrets never leave the provider in events: passwords, client secrets, token secrets and refresh
 * tokens are replaced in form and JSON bodies, and Basic credentials in headers. Bodies are cut to a bounded size
 * so the event history stays small.
 */
const SECRET_FIELDS = ['password', 'client_secret', 'oauth_token_secret', 'refresh_token'] as const;
/** In form bodies also `token`: the field of revocation (RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1)) and introspection (RFC 7662 §2.1 (https://www.rfc-editor.org/rfc/rfc7662#section-2.1)), often a refresh token. */
const FORM_SECRET_FIELDS = [...SECRET_FIELDS, 'token'];
const REDACTED = '«redacted»';
export const MAX_EVENT_BODY = 16 * 1024;

const FORM_FIELD = new RegExp(`(^|&)(${FORM_SECRET_FIELDS.join('|')})=([^&]*)`, 'g');
const JSON_FIELD = new RegExp(`("(?:${SECRET_FIELDS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g');

export function redactBody(text: string): string {
  if (text === '') return text;
  const cut =
    text.length > MAX_EVENT_BODY
      ? `${text.slice(0, MAX_EVENT_BODY)}… («${text.length - MAX_EVENT_BODY} more characters»)`
      : text;
  return cut
    .replace(FORM_FIELD, (_m, pre: string, name: string) => `${pre}${name}=${encodeURIComponent(REDACTED)}`)
    .replace(JSON_FIELD, (_m, pre: string) => `${pre}"${REDACTED}"`);
}

export function redactHeaders(headers: readonly (readonly [string, string])[]): [string, string][] {
  return headers.map(([n, v]): [string, string] => {
    const lower = n.toLowerCase();
    if (lower === 'authorization' && /^\s*basic\s/i.test(v)) return [n, `Basic ${REDACTED}`];
    if (lower === 'cookie' || lower === 'set-cookie') return [n, REDACTED];
    return [n, v.length > 4096 ? `${v.slice(0, 4096)}…` : v];
  });
}
