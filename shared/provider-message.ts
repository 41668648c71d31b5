import { headerValue, type RawResponse } from './http';
import { percentDecodeOrKeep } from './percent-encoding';
import { readBody } from './response-body';

/**
 * What a provider said when it refused, in its own words, found wherever real providers put it: RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)
 * `error` / `error_description` / `error_uri` (on any status: GitHub answers 200), Slack's `ok: false`, nested
 * error objects, `errors` arrays, `status` + `message`, RFC 9457 (https://www.rfc-editor.org/rfc/rfc9457) problem details, OAuth Problem Reporting's
 * `oauth_problem` / `oauth_problem_advice`, a `WWW-Authenticate` challenge (RFC 6750 §3 (https://www.rfc-editor.org/rfc/rfc6750#section-3), RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1)), an XML
 * error document, an HTML error page, a redirect, or a short plain text.
 */
export interface ProviderMessage {
  /** One line: the provider's words, decoded, whitespace collapsed, at most ~300 characters. */
  readonly text: string;
  /** Where the words were found, for the reader ("error field", "oauth_problem", "WWW-Authenticate", "HTML page", …). */
  readonly source: string;
  /** The machine-readable code when there is one (`invalid_grant`, `token_revoked`, `bad_verification_code`). */
  readonly code: string | null;
  /** A page about the error, when the provider gave one (`error_uri`). */
  readonly uri: string | null;
}

const MAX = 300;

/** Collapses whitespace to single spaces and caps the length, so the words fit on one line. */
export function oneLine(text: string, max = MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Appends a full stop unless the text already ends a sentence (no doubled periods). */
export function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?…:]$/.test(t) ? t : `${t}.`;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
const join = (...parts: (string | null)[]) => parts.filter((p): p is string => !!p).join(': ');
const found = (
  text: string,
  source: string,
  code: string | null = null,
  uri: string | null = null
): ProviderMessage => ({ text: oneLine(text), source, code, uri });

/** The words of one error object: `message`, `error_description`, `detail`, `msg`, … with its code. */
function fromObject(o: Record<string, unknown>, source: string): ProviderMessage | null {
  // A type that is a name (Facebook's OAuthException), not an RFC 9457 type URI; a problem's title before its status.
  const typeName = typeof o.type === 'string' && /^[A-Za-z_][\w.-]*$/.test(o.type) ? o.type : null;
  const code =
    str(o.error) ??
    typeName ??
    str(o.code) ??
    (o.detail !== undefined ? str(o.title) : null) ??
    str(o.status) ??
    str(o['.tag']);
  const words =
    str(o.error_description) ??
    str(o.message) ??
    str(o.error_message) ??
    str(o.errorMessage) ??
    str(o.detail) ??
    str(o.msg) ??
    str(o.error_summary) ??
    str(o.title);
  if (!words && !(typeof o.error === 'string' && o.error)) return null;
  return found(join(code, words) || String(o.error), source, code, str(o.error_uri));
}

function fromFields(f: Readonly<Record<string, unknown>>): ProviderMessage | null {
  if (typeof f.oauth_problem === 'string') {
    const extra = ['oauth_parameters_absent', 'oauth_parameters_rejected', 'oauth_acceptable_timestamps']
      .filter((n) => typeof f[n] === 'string')
      .map((n) => `${n}=${percentDecodeOrKeep(f[n] as string)}`);
    return found(
      join(f.oauth_problem, str(f.oauth_problem_advice), extra.join(', ') || null),
      'oauth_problem',
      f.oauth_problem
    );
  }
  // Slack: HTTP 200 with {"ok": false, "error": "invalid_code"}; `needed` / `provided` name scopes.
  if (f.ok === false && typeof f.error === 'string') {
    const scopes = str(f.needed)
      ? `needed ${String(f.needed)}${str(f.provided) ? `, provided ${String(f.provided)}` : ''}`
      : null;
    return found(
      join(f.error, str(f.error_description) ?? scopes ?? str(f.warning)),
      'ok: false',
      f.error,
      str(f.error_uri)
    );
  }
  if (typeof f.error_summary === 'string')
    return found(f.error_summary, 'error_summary', f.error_summary.split('/')[0] ?? null);
  if (typeof f.error === 'string' && f.error !== '') return fromObject(f, 'error field');
  if (f.error && typeof f.error === 'object' && !Array.isArray(f.error)) {
    const inner = fromObject(f.error as Record<string, unknown>, 'error object');
    if (inner) return inner;
  }
  for (const key of ['errors', 'error']) {
    const list = f[key];
    if (Array.isArray(list) && list.length) {
      const words = list
        .map((e) =>
          typeof e === 'string'
            ? e
            : e && typeof e === 'object'
              ? (fromObject(e as Record<string, unknown>, key)?.text ?? null)
              : null
        )
        .filter((w): w is string => !!w);
      if (words.length) return found(words.join('; '), `${key} list`);
    }
  }
  if (str(f.message) || str(f.detail) || str(f.error_message) || str(f.errorMessage))
    return fromObject(f, 'message field');
  if (f.fault && typeof f.fault === 'object')
    return fromObject(
      { message: (f.fault as Record<string, unknown>).faultstring, ...(f.fault as Record<string, unknown>) },
      'fault'
    );
  return null;
}

/** `WWW-Authenticate: Bearer error="invalid_token", error_description="…"` or `OAuth …, oauth_problem="…"`. */
function fromChallenge(challenge: string): ProviderMessage | null {
  const oauth1 = /^\s*oauth\b/i.test(challenge);
  const params: Record<string, string> = {};
  for (const m of challenge.matchAll(/([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
    params[m[1]!.toLowerCase()] = oauth1 ? percentDecodeOrKeep(raw) : raw;
  }
  const e = fromFields(params);
  return e ? { ...e, source: 'WWW-Authenticate' } : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
const textOf = (markup: string) =>
  decodeEntities(
    markup
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
  );

/** An XML error document: the first message-like element or attribute (Flickr's `<err msg="…"/>`, `<error>…</error>`). */
function fromXml(xml: string): ProviderMessage | null {
  for (const tag of [
    'error_description',
    'oauth_problem_advice',
    'message',
    'error',
    'faultstring',
    'description',
    'detail',
    'msg',
  ]) {
    const el = new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}\\s*>`, 'i').exec(xml);
    const words = el ? oneLine(textOf(el[1]!)) : '';
    if (words) return found(words, 'XML document');
  }
  const attr = /<[\w:-]+\b[^>]*\b(?:msg|message)\s*=\s*"([^"]*)"/i.exec(xml);
  if (attr) {
    const code = /\bcode\s*=\s*"([^"]*)"/i.exec(attr[0])?.[1] ?? null;
    return found(join(code, decodeEntities(attr[1]!)), 'XML document', code);
  }
  const words = oneLine(textOf(xml));
  return words ? found(words, 'XML document') : null;
}

/** An HTML error page: its title, then the start of its visible text. */
function fromHtml(html: string): ProviderMessage | null {
  const title = oneLine(textOf(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1] ?? ''));
  const body = oneLine(textOf(html.replace(/<head\b[\s\S]*?<\/head\s*>/i, ' ')), 200);
  const rest = title && body.startsWith(title) ? body.slice(title.length).trim() : body;
  const text = join(title || null, rest || null);
  return text ? found(text, 'HTML page') : null;
}

/**
 * The provider's own words on a response a leg did not accept, or null when it said nothing readable. The body
 * is read first; a challenge header speaks when the body does not.
 */
export function providerMessage(
  response: Pick<RawResponse, 'status' | 'headers' | 'bodyText'>
): ProviderMessage | null {
  const location = headerValue(response.headers, 'location');
  if (response.status >= 300 && response.status < 400)
    return found(`redirect to ${location ?? '(no Location header)'}`, 'redirect');
  const body = readBody(response);
  const fromBody = body.fields
    ? fromFields(body.fields)
    : body.format === 'xml'
      ? fromXml(body.text)
      : body.format === 'html'
        ? fromHtml(body.text)
        : null;
  if (fromBody) return fromBody;
  const challenge = headerValue(response.headers, 'www-authenticate');
  const fromHeader = challenge ? fromChallenge(challenge) : null;
  if (fromHeader) return fromHeader;
  if (body.format === 'text') return found(body.text.split(/\r?\n/).find((l) => l.trim()) ?? body.text, 'text');
  return null;
}

/** A 2xx body that is an error document: Slack's `ok: false`, an `error` field or object, an `errors` list, `oauth_problem`, Flickr's `stat: "fail"`. */
const isErrorFields = (f: Readonly<Record<string, unknown>>) =>
  f.ok === false ||
  f.stat === 'fail' ||
  typeof f.oauth_problem === 'string' ||
  (typeof f.error === 'string' && f.error !== '') ||
  (!!f.error && typeof f.error === 'object') ||
  (Array.isArray(f.errors) && f.errors.length > 0);
/** Flickr's `<rsp stat="fail">`, or a document whose root element is an error or a SOAP fault. */
const XML_ERROR =
  /^(?:\s*<\?[^>]*\?>)?\s*(?:<!--[\s\S]*?-->\s*)*<(?:rsp\b[^>]*\bstat\s*=\s*["']fail["']|(?:[\w-]+:)?(?:error|errors|fault)\b)/i;

/**
 * The provider's words when a 2xx answer is nevertheless an error document (Slack answers 200 with
 * `{"ok":false,"error":…}`, Flickr with `<rsp stat="fail"><err code=… msg=…/></rsp>`), or null for an ordinary
 * body. The status stays the verdict of an API call; this is what the body adds to it.
 */
export function errorDocumentOn2xx(
  response: Pick<RawResponse, 'status' | 'headers' | 'bodyText'>
): ProviderMessage | null {
  if (response.status < 200 || response.status >= 300) return null;
  const body = readBody(response);
  if (body.fields) return isErrorFields(body.fields) ? fromFields(body.fields) : null;
  return body.format === 'xml' && XML_ERROR.test(body.text) ? fromXml(body.text) : null;
}

/** How an API leg sums up a 2xx answer: its status, and the provider's words when the body is an error document. */
export function apiAnswer(response: Pick<RawResponse, 'status' | 'headers' | 'bodyText'>): {
  readonly summary: string;
  readonly bodySays: string | null;
} {
  const said = errorDocumentOn2xx(response);
  return {
    summary: `API call answered ${response.status}${said ? `, but the body says: ${sentence(said.text)}` : '.'}`,
    bodySays: said ? `HTTP ${response.status}, but the body says: ${sentence(said.text)}` : null,
  };
}
