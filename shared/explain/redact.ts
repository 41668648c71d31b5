import { base64Decode } from '../encoding/base64';
import { utf8Decode } from '../encoding/utf8';
import { percentDecodeOrKeep } from '../percent-encoding';
import {
  authorizationCredential,
  isSecretHeader,
  isSecretParameter,
  PRIVATE_JWK_MEMBERS,
  secretNamesPattern,
  secretShapesPattern,
} from '../secrets';
import { decodeParams, queryParams, type EntryView } from './entry-view';
import type { Fingerprint } from './fingerprint';
import type { HarFileEntry } from './har-read';
import { isPublicHeader, isPublicParameter, URL_HEADERS } from './report-public';

/** Shorter values are replaced where they stand (a parameter, a header), not searched for in free text. */
const MIN_SEARCHED = 6;
const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
// A JWT, and a URL path that is a credential (a bot token, a webhook): shared/secrets.ts's shapes.
const SHAPED = new RegExp(secretShapesPattern(), 'g');
// A credential (RFC 7235 §2.1 token68) has a capital, a digit or a symbol somewhere: prose such as "the Basic
// credentials of entry 3" is left as it is.
const CREDENTIAL_SCHEME = /\b(Basic|Bearer|DPoP)\s+(?=[a-z]*[A-Z0-9+/=_-])[A-Za-z0-9\-._~+/]{8,}=*/g;
const PRIVATE_JWK_MEMBER = new RegExp(`("(?:${PRIVATE_JWK_MEMBERS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g');
const JWK_MEMBERS = new Set<string>(PRIVATE_JWK_MEMBERS);
/** A secret's name with its value in free text: `"client_secret": "…"` or `client_secret=…` (an echoed request). */
const SECRET_MEMBER = new RegExp(`("(?:${secretNamesPattern('json')})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
const SECRET_PAIR = new RegExp(`(\\b(?:${secretNamesPattern('form')})=)([^&\\s"']+)`, 'gi');

const safeDecode = (s: string) => percentDecodeOrKeep(s);

/** OAuth 1.0a's Authorization parameters (RFC 5849 §3.5.1): `name="value"` pairs, percent-encoded. */
export function oauthHeaderParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)) out[safeDecode(m[1]!)] = safeDecode(m[2]!);
  return out;
}

/**
 * The secret values of a HAR, so a text can have each replaced wherever it appears (an error text echoing one). The
 * entries of OAuth legs are read as the report shows them, by allow-list: every parameter, member and header value
 * that is not public. The others, and every response, by the list of secrets (shared/secrets.ts): those are not
 * shown, only searched for echoes, and a browser's HAR holds thousands of them.
 */
class SecretCollector {
  readonly secrets = new Set<string>();
  /** Values seen under a protocol's public name: `authorization_code` as a grant_type is never hidden in free text. */
  readonly publics = new Set<string>();

  constructor(private readonly allowList: boolean) {}

  /** Only the allow-list's public names vouch for a value; a name merely missing from the list of secrets does not. */
  private public(value: string) {
    if (this.allowList) this.publics.add(value);
  }

  add(value: string) {
    const v = value.trim();
    if (v === '') return;
    if (/^https?:\/\//i.test(v)) this.url(v);
    else this.secrets.add(v);
  }

  /** A query, form or fragment: PLAINTEXT's signature is both secrets, percent-encoded and joined (RFC 5849 §3.4.4). */
  params(params: Readonly<Record<string, string>>) {
    for (const [n, v] of Object.entries(params)) {
      const secret = this.allowList ? !isPublicParameter(n, params) : isSecretParameter(n, 'form');
      if (!secret) this.public(v);
      else if (n === 'oauth_signature') for (const part of [v, ...v.split('&')]) this.add(safeDecode(part));
      else this.add(v);
    }
  }

  /** A URL's user information and its query and fragment parameters. */
  url(u: string) {
    const auth = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)@/i.exec(u)?.[1];
    if (auth) for (const part of [auth, ...auth.split(':')]) this.add(safeDecode(part));
    this.params(queryParams(u));
    this.params(decodeParams(u.split('#')[1] ?? ''));
  }

  json(value: unknown, name: string, inJwk = false) {
    if (typeof value === 'string') {
      const secret = this.allowList ? !isPublicParameter(name, {}) : isSecretParameter(name, 'json');
      if (secret || (inJwk && JWK_MEMBERS.has(name))) this.add(value);
      else this.public(value);
    } else if (Array.isArray(value)) for (const v of value) this.json(v, name, inJwk);
    else if (value && typeof value === 'object') {
      const jwk = 'kty' in value;
      for (const [n, v] of Object.entries(value)) this.json(v, n, jwk);
    }
  }

  /** A header's credentials: itself, the part after its scheme, each cookie's value, Basic's decoded id and secret. */
  header(name: string, value: string) {
    const lower = name.toLowerCase();
    if (URL_HEADERS.has(lower)) return this.url(value);
    if (this.allowList ? isPublicHeader(lower) : !isSecretHeader(lower)) return;
    this.add(value);
    if (lower === 'cookie' || lower === 'set-cookie')
      for (const part of value.split(';')) this.add(part.slice(part.indexOf('=') + 1));
    const credential = authorizationCredential(value);
    if (!credential) return this.params(oauthHeaderParams(value));
    this.add(credential.credential);
    if (/^basic$/i.test(credential.scheme))
      try {
        const decoded = utf8Decode(base64Decode(credential.credential));
        for (const part of [decoded, ...decoded.split(':')]) this.add(safeDecode(part));
      } catch {
        // Not base64: the value itself is replaced.
      }
  }

  body(text: string) {
    const t = text.trimStart();
    if (t.startsWith('{') || t.startsWith('['))
      try {
        return this.json(JSON.parse(text) as unknown, '');
      } catch {
        // Not JSON after all: read as a form below.
      }
    if (/^[^\s=&]+=/.test(t)) this.params(decodeParams(text));
  }
}

/** Every secret value of a HAR (see SecretCollector); `legEntries` are the entries read by allow-list. */
export function collectSecrets(
  entries: readonly HarFileEntry[],
  views: readonly EntryView[],
  legEntries: ReadonlySet<number>
): Set<string> {
  const strict = new SecretCollector(true);
  const listed = new SecretCollector(false);
  entries.forEach((entry, i) => {
    const c = legEntries.has(i) ? strict : listed;
    c.url(entry.request.url);
    for (const h of entry.request.headers) c.header(h.name, h.value);
    const post = entry.request.postData;
    if (post?.text) c.body(post.text);
    for (const p of post?.params ?? []) c.params({ [p.name]: p.value ?? '' });
    for (const h of entry.response.headers) listed.header(h.name, h.value);
    if (entry.response.redirectURL) listed.url(entry.response.redirectURL);
    const response = views[i]?.response();
    if (response?.body.fields) listed.json(response.body.fields, '');
  });
  return new Set([...strict.secrets, ...listed.secrets].filter((s) => !strict.publics.has(s)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces every secret in free text by its fingerprint (as is, percent-encoded, or JSON-escaped), then whatever
 * still looks like a private key, a private JWK member, a named secret, a secret's shape (shared/secrets.ts: a JWT,
 * a bot token or webhook in a URL's path) or a credential.
 */
export function textRedactor(secrets: ReadonlySet<string>, fp: Fingerprint): (text: string) => string {
  const forms = new Map<string, string>();
  for (const s of secrets)
    if (s.length >= MIN_SEARCHED)
      for (const form of [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]) forms.set(form, s);
  const searched = [...forms.keys()].sort((a, b) => b.length - a.length);
  const known = searched.length ? new RegExp(searched.map(escapeRegExp).join('|'), 'g') : null;
  return (text) =>
    (known ? text.replace(known, (s) => fp(forms.get(s)!)) : text)
      .replace(PEM_PRIVATE, (s) => fp(s))
      .replace(PRIVATE_JWK_MEMBER, (_s, key: string) => `${key}"[private key member]"`)
      .replace(SECRET_MEMBER, (s, key: string, value: string) =>
        value.startsWith('[secret ') ? s : `${key}"${fp(value)}"`
      )
      .replace(SECRET_PAIR, (s, key: string, value: string) => (value.startsWith('[secret') ? s : `${key}${fp(value)}`))
      .replace(SHAPED, (s) => fp(s))
      .replace(CREDENTIAL_SCHEME, (_s, scheme: string) => `${scheme} [credential]`);
}
