import { headerValue, type RawRequest, type RawResponse } from '../../shared/http';
import { isFormContentType } from '../../shared/url-encoded';
import { percentEncode } from '../../shared/percent-encoding';
import {
  authorizationCredential,
  isSecretHeader,
  secretNamesPattern,
  secretParameterOf,
  type SecretParameter,
} from '../../shared/secrets';
import { percentDecodeOrKeep } from '../../shared/percent-encoding';
import { oauthParamsOf } from './request-params';
import type { SecretTag } from './secret-tags';
import type { KnownSecret, SecretName } from './types';

/**
 * Secrets stay out of exports unless the user asks for them; each is replaced by a named placeholder
 * the user recognises and fills in. Code gets `YOUR_CONSUMER_SECRET` (letters and `_` only, so it survives
 * percent-encoding and every string syntax); Postman and .http files get their own variable syntax `{{consumer_secret}}`.
 */
export type PlaceholderStyle = 'code' | 'template';

const placeholderFor = (name: SecretName, style: PlaceholderStyle): string =>
  style === 'code' ? `YOUR_${name.toUpperCase()}` : `{{${name}}}`;

/**
 * The fields that hold a secret are the one list's (shared/secrets.ts), in a form, query or fragment and in JSON.
 * An id_token is among them: some relying parties take it as a bearer credential, and its claims describe the user.
 */
const FORM_SECRET_FIELD = new RegExp(`(^|[?&#])((${secretNamesPattern('form')})=)([^&#]+)`, 'gi');
const JSON_SECRET_FIELD = new RegExp(`("(${secretNamesPattern('json')})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)+)"`, 'gi');
/** The placeholder's name of a listed field: `code` is the authorization code (RFC 6749 §4.1.2, §4.1.3). */
const placeholderName = (field: SecretParameter): SecretName => (field === 'code' ? 'authorization_code' : field);
/** Headers whose whole value is a URL, whose query is scrubbed as a form (the redirect to the callback carries the code). */
const URL_HEADERS = new Set(['location', 'content-location', 'referer']);

/**
 * Known values shorter than this are replaced only where a protocol puts them (named fields, PLAINTEXT, Basic), not
 * wherever the characters happen to occur: a two-letter secret would otherwise rewrite unrelated text.
 */
const MIN_FREE_TEXT = 4;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms a value takes on the wire: as is, RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) encoded, encodeURIComponent, and form encoding (`+`). */
function wireForms(value: string): string[] {
  const pct = percentEncode(value);
  return [...new Set([value, pct, encodeURIComponent(value), pct.replace(/%20/g, '+')])].sort(
    (a, b) => b.length - a.length
  );
}

/** A JSON string literal's content as the value it stands for; as written when it does not parse. */
function jsonStringValue(literal: string): string {
  try {
    return JSON.parse(`"${literal}"`) as string;
  } catch {
    return literal;
  }
}

/**
 * One export's secrets: the values kept or replaced, and the placeholders that ended up in the text. With `tag`
 * (code style), each value's placeholder carries its tag, `YOUR_AUTHORIZATION_CODE_3fa9c01b2d4e`, so distinct values
 * stay distinct; the tag is taken of the value as sent, decoded from the form or JSON it travels in.
 */
export class Secrets {
  private readonly used = new Set<string>();
  private readonly names = new Set<string>();

  constructor(
    readonly include: boolean,
    readonly style: PlaceholderStyle,
    private readonly known: readonly KnownSecret[] = [],
    private readonly tag: SecretTag | null = null
  ) {}

  /** The placeholder for `name` (for `value`, when values are tagged), recorded as used. */
  placeholder(name: SecretName, value?: string): string {
    const base = placeholderFor(name, this.style);
    const p = this.tag && value !== undefined && this.style === 'code' ? `${base}_${this.tag(value)}` : base;
    this.used.add(p);
    this.names.add(base);
    return p;
  }

  /** The value itself when secrets are included, else its placeholder. An empty value hides nothing and stays. */
  value(name: SecretName, actual: string | null | undefined): string {
    if (actual === null || actual === undefined || actual === '') return '';
    return this.include ? actual : this.placeholder(name, actual);
  }

  get placeholders(): readonly string[] {
    return [...this.used];
  }

  /** The placeholders used, without their tags (`YOUR_AUTHORIZATION_CODE`). */
  get placeholderNames(): readonly string[] {
    return [...this.names];
  }

  /** The request with its secrets replaced (unless included): URL, headers and body. */
  request<R extends RawRequest>(r: R): R {
    if (this.include) return r;
    const contentType = headerValue(r.headers, 'content-type');
    const plaintext = plaintextSignature(r);
    const scrub = (text: string, kind: TextKind) =>
      this.scrub(plaintext ? text.split(plaintext.wire).join(this.plaintextPlaceholder(plaintext)) : text, kind);
    return {
      ...r,
      url: scrub(r.url, 'form'),
      headers: r.headers.map(([n, v]) => [n, this.requestHeader(n.toLowerCase(), v, scrub)] as const),
      ...(r.body !== undefined
        ? {
            body: scrub(
              r.body,
              isFormContentType(contentType) ? 'form' : /json/i.test(contentType ?? '') ? 'json' : 'text'
            ),
          }
        : {}),
    };
  }

  /** A response for the HAR: the listed secret fields (a token response's tokens) and cookies replaced. */
  response<R extends RawResponse & { readonly bodyBase64?: string }>(r: R): R {
    if (this.include) return r;
    const type = headerValue(r.headers, 'content-type') ?? '';
    const bodyText = this.scrub(r.bodyText, /json/i.test(type) || /^\s*[{[]/.test(r.bodyText) ? 'json' : 'form');
    // The exact bytes cannot be edited the same way; they are left out rather than leak what bodyText hides.
    const { bodyBase64: _dropped, ...rest } = r;
    return {
      ...(rest as R),
      headers: r.headers.map(([n, v]) => [n, this.responseHeader(n.toLowerCase(), v)] as const),
      bodyText,
    };
  }

  /**
   * The list's secret headers become placeholders: an Authorization credential of any scheme but OAuth 1.0a's
   * (RFC 7617 (https://www.rfc-editor.org/rfc/rfc7617) Basic, RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1) Bearer, RFC 9449 §7.1 DPoP), a DPoP proof, cookie values, API keys;
   * the rest is scrubbed.
   */
  private requestHeader(name: string, value: string, scrub: (text: string, kind: TextKind) => string): string {
    if (name === 'authorization' || name === 'proxy-authorization') {
      const credential = authorizationCredential(value);
      if (credential) {
        const kind = /^basic$/i.test(credential.scheme) ? 'basic_credentials' : 'access_token';
        const p = this.placeholder(kind, credential.credential);
        return credential.scheme ? `${credential.scheme} ${p}` : p;
      }
      return scrub(value, 'text');
    }
    // RFC 6265 §4.2.1 (https://www.rfc-editor.org/rfc/rfc6265#section-4.2.1): `name=value` pairs separated by `; `.
    if (name === 'cookie')
      return value
        .split(';')
        .map((pair) =>
          pair.includes('=')
            ? `${pair.slice(0, pair.indexOf('=') + 1)}${this.placeholder('cookie', pair.slice(pair.indexOf('=') + 1).trim())}`
            : pair
        )
        .join(';');
    if (isSecretHeader(name)) return this.placeholder(name === 'dpop' ? 'dpop_proof' : 'credential', value.trim());
    return scrub(value, URL_HEADERS.has(name) ? 'form' : 'text');
  }

  /** RFC 6265 §4.1.1 (https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1): Set-Cookie's value is its first `name=value`; the attributes after it stay. */
  private responseHeader(name: string, value: string): string {
    if (name === 'set-cookie') {
      const eq = value.indexOf('=');
      const end = value.indexOf(';');
      if (eq >= 0 && (end < 0 || eq < end))
        return `${value.slice(0, eq + 1)}${this.placeholder('cookie', value.slice(eq + 1, end < 0 ? undefined : end).trim())}${end < 0 ? '' : value.slice(end)}`;
    }
    return this.scrub(value, URL_HEADERS.has(name) ? 'form' : 'text');
  }

  /** Named fields, then known values. */
  private scrub(text: string, kind: TextKind): string {
    let out = text;
    // A fragment carries them too: the implicit and hybrid flows' redirect (OpenID Connect Core §3.2.2.5
    // (https://openid.net/specs/openid-connect-core-1_0.html#ImplicitAuthResponse)).
    if (kind === 'form')
      out = out.replace(FORM_SECRET_FIELD, (_m, pre: string, key: string, field: string, sent: string) => {
        const listed = secretParameterOf(field, 'form');
        return `${pre}${key}${this.placeholder(placeholderName(listed!), percentDecodeOrKeep(sent, true))}`;
      });
    if (kind === 'json')
      out = out.replace(JSON_SECRET_FIELD, (_m, key: string, field: string, literal: string) => {
        const listed = secretParameterOf(field, 'json');
        return `${key}"${this.placeholder(placeholderName(listed!), jsonStringValue(literal))}"`;
      });
    for (const { name, value } of this.known) {
      if (value.length < MIN_FREE_TEXT) continue;
      for (const form of wireForms(value))
        if (out.includes(form))
          out = out.replace(new RegExp(escapeRegExp(form), 'g'), () => this.placeholder(name, value));
    }
    return out;
  }

  /**
   * PLAINTEXT's signature is the two secrets themselves, percent-encoded and joined by `&` (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)), and it
   * travels percent-encoded once more (§3.6): the placeholder keeps that shape, `YOUR_CONSUMER_SECRET%26YOUR_TOKEN_SECRET`.
   */
  private plaintextPlaceholder(p: { consumerPart: string; tokenPart: string }): string {
    return `${p.consumerPart ? this.placeholder('consumer_secret', p.consumerPart) : ''}%26${p.tokenPart ? this.placeholder('token_secret', p.tokenPart) : ''}`;
  }
}

type TextKind = 'form' | 'json' | 'text';

/** The PLAINTEXT signature a request carries (header, query or form body), with its wire form; null for others. */
function plaintextSignature(r: RawRequest): { wire: string; consumerPart: string; tokenPart: string } | null {
  const params = oauthParamsOf(r);
  if (!params.some(([n, v]) => n === 'oauth_signature_method' && v === 'PLAINTEXT')) return null;
  const signature = params.find(([n]) => n === 'oauth_signature')?.[1];
  if (!signature || signature === '&') return null; // both secrets empty: the signature hides nothing
  const amp = signature.indexOf('&');
  return {
    wire: percentEncode(signature),
    consumerPart: amp < 0 ? signature : signature.slice(0, amp),
    tokenPart: amp < 0 ? '' : signature.slice(amp + 1),
  };
}
