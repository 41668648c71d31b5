import { base64Decode } from '../encoding/base64';
import { utf8Decode } from '../encoding/utf8';
import { decodeParams, queryParams, type EntryView } from './entry-view';
import type { Fingerprint } from './fingerprint';

/** Parameter and member names whose values can be replayed (RFC 6749, 7009, 7523, 7636, 8628, 8693, 9449). */
const SECRET_NAMES = new Set([
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'client_assertion',
  'assertion',
  'code_verifier',
  'device_code',
  'password',
  'subject_token',
  'actor_token',
  'registration_access_token',
  'logout_token',
]);
/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'dpop', 'proxy-authorization', 'x-api-key']);

export const isSecretName = (name: string) => SECRET_NAMES.has(name.toLowerCase());
export const isSecretHeader = (name: string) => SECRET_HEADERS.has(name.toLowerCase());

/** Shorter values are replaced where they stand (a parameter, a header), not searched for in free text. */
const MIN_SEARCHED = 6;
const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const CREDENTIAL_SCHEME = /\b(Basic|Bearer|DPoP)\s+[A-Za-z0-9\-._~+/]{8,}=*/g;

/** The credentials of a header value: itself, each cookie's value, Basic's decoded id and secret. */
function headerSecrets(name: string, value: string): string[] {
  const out = [value];
  const lower = name.toLowerCase();
  if (lower === 'cookie' || lower === 'set-cookie')
    for (const part of value.split(';')) out.push(part.slice(part.indexOf('=') + 1).trim());
  const scheme = /^\s*(\S+)\s+(\S+)/.exec(value);
  if (scheme) out.push(scheme[2]!);
  if (scheme && /^basic$/i.test(scheme[1]!)) {
    try {
      const decoded = utf8Decode(base64Decode(scheme[2]!));
      out.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
    } catch {
      // Not base64: the value itself is replaced.
    }
  }
  return out;
}

/**
 * Every secret value of a HAR, so a report can replace each wherever it appears: parameters and members with
 * secret names, credential headers, and the parameters of redirects (a code in a Location header).
 */
export function collectSecrets(views: readonly EntryView[]): Set<string> {
  const secrets = new Set<string>();
  const addParams = (params: Readonly<Record<string, string>>) => {
    for (const [n, v] of Object.entries(params)) if (isSecretName(n) && v !== '') secrets.add(v);
  };
  for (const v of views) {
    addParams(v.query);
    addParams(v.form);
    for (const [n, value] of [...v.requestHeaders, ...v.responseHeaders])
      if (isSecretHeader(n)) for (const s of headerSecrets(n, value)) if (s.trim() !== '') secrets.add(s.trim());
    if (v.location) {
      addParams(queryParams(v.location));
      addParams(decodeParams(v.location.split('#')[1] ?? ''));
    }
    const fields = v.response().body.fields;
    if (fields)
      for (const [n, value] of Object.entries(fields))
        if (isSecretName(n) && typeof value === 'string' && value) secrets.add(value);
  }
  return secrets;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every secret in free text by its fingerprint, then whatever still looks like a key, a JWT or a credential. */
export function textRedactor(secrets: ReadonlySet<string>, fp: Fingerprint): (text: string) => string {
  const searched = [...secrets].filter((s) => s.length >= MIN_SEARCHED).sort((a, b) => b.length - a.length);
  const known = searched.length ? new RegExp(searched.map(escapeRegExp).join('|'), 'g') : null;
  return (text) =>
    (known ? text.replace(known, (s) => fp(s)) : text)
      .replace(PEM_PRIVATE, (s) => fp(s))
      .replace(JWT, (s) => fp(s))
      .replace(CREDENTIAL_SCHEME, (_s, scheme: string) => `${scheme} [credential]`);
}
