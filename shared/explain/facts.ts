import { base64Decode } from '../encoding/base64';
import { utf8Decode } from '../encoding/utf8';
import { headerValue } from '../http';
import { decodeJwt, looksLikeJwt } from '../oidc/jwt';
import { percentDecode } from '../percent-encoding';
import { errorDocumentOn2xx, providerMessage } from '../provider-message';
import type { EntryView } from './entry-view';
import { isPlaceholder } from './placeholder';

/** What a server answered, as the explainer judges it: an RFC 6749 §5.2 / RFC 6750 §3 error, or none. */
export interface Answer {
  readonly ok: boolean;
  /** The error code (`invalid_grant`), from the body or the WWW-Authenticate challenge. */
  readonly error: string | null;
  /** The provider's words, one line, or null. */
  readonly text: string | null;
}

export function answerOf(e: EntryView): Answer {
  const r = e.response();
  if (e.status === 0) return { ok: false, error: null, text: 'no response (status 0)' };
  const failedStatus = e.status >= 400;
  const said = failedStatus ? providerMessage(r) : errorDocumentOn2xx(r);
  const challenge = headerValue(e.responseHeaders, 'www-authenticate');
  const challengeError = challenge ? (/\berror\s*=\s*"?([\w.-]+)/i.exec(challenge)?.[1] ?? null) : null;
  const fields = r.body.fields;
  const error =
    typeof fields?.error === 'string' && fields.error !== '' ? fields.error : (said?.code ?? challengeError);
  return { ok: !failedStatus && said === null, error, text: said ? said.text : null };
}

/** How the client authenticated at a token, revocation or introspection endpoint (RFC 6749 §2.3, RFC 7523 §2.2). */
export interface ClientCredentials {
  readonly method: 'basic' | 'body' | 'assertion' | 'none';
  readonly clientId: string | null;
  readonly secret: string | null;
  /** With Basic: the id and secret as decoded from base64, before form-decoding (RFC 6749 §2.3.1). */
  readonly basicRaw: { readonly id: string; readonly secret: string } | null;
}

function formDecodeOrKeep(value: string): string {
  try {
    return percentDecode(value, true);
  } catch {
    return value;
  }
}

/** Basic's base64 as text; '' when it is not base64 of UTF-8 (the server cannot read it either). */
function basicText(base64: string): string {
  try {
    return utf8Decode(base64Decode(base64));
  } catch {
    return '';
  }
}

export function clientCredentials(e: EntryView): ClientCredentials {
  const auth = headerValue(e.requestHeaders, 'authorization') ?? '';
  // Basic credentials an export replaced (YOUR_BASIC_CREDENTIALS, tagged or not): Basic was used, its id and secret unknown.
  const replaced = /^\s*basic\s+(\S+)\s*$/i.exec(auth)?.[1];
  if (replaced !== undefined && isPlaceholder(replaced))
    return { method: 'basic', clientId: e.form.client_id ?? null, secret: replaced, basicRaw: null };
  const basic = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth);
  if (basic) {
    const decoded = basicText(basic[1]!);
    const colon = decoded.indexOf(':');
    const raw =
      colon < 0 ? { id: decoded, secret: '' } : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    return { method: 'basic', clientId: formDecodeOrKeep(raw.id), secret: formDecodeOrKeep(raw.secret), basicRaw: raw };
  }
  const clientId = e.form.client_id ?? null;
  if (e.form.client_assertion !== undefined) return { method: 'assertion', clientId, secret: null, basicRaw: null };
  if (e.form.client_secret !== undefined)
    return { method: 'body', clientId, secret: e.form.client_secret, basicRaw: null };
  return { method: 'none', clientId, secret: null, basicRaw: null };
}

/** A JWT's payload (RFC 7519 §3), unverified: the explainer reads claims, it does not trust them. Null when not a JWT. */
export function jwtPayload(token: string): Readonly<Record<string, unknown>> | null {
  if (!looksLikeJwt(token)) return null;
  try {
    return decodeJwt(token).payload;
  } catch {
    return null;
  }
}

/** The server's clock (RFC 9110 §6.6.1 `Date`), or NaN. */
export function serverDate(e: EntryView): number {
  const date = headerValue(e.responseHeaders, 'date');
  return date ? Date.parse(date) : NaN;
}

/** A token response's string member, or null. */
export function tokenField(e: EntryView, name: string): string | null {
  const v = e.response().body.fields?.[name];
  return typeof v === 'string' && v !== '' ? v : null;
}

export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
