import { authorizationCredential, SECRET_HEADERS, secretNamesPattern, secretShapesPattern } from '../../shared/secrets';

/** Where a secret stands in a text: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The fields the one list of secrets (shared/secrets.ts) names: in a form, query or fragment (also quoted, as in a
 * curl command's `--data-raw 'code=…'`), and in JSON.
 */
export const FORM_FIELD = new RegExp(`(^|[?&#\\s'"])((?:${secretNamesPattern('form')})=)([^&#\\s'"]+)`, 'gi');
export const JSON_FIELD = new RegExp(`("(?:${secretNamesPattern('json')})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'gi');
/** A URL path that is a credential (a bot token, a webhook) and a JWT, wherever they stand. */
export const SHAPED = new RegExp(secretShapesPattern(), 'g');
/**
 * A secret header in a request's text or a curl `-H '…'`: its value runs to the end of the line (or the quote), read
 * ahead so that another `-H` on the same line is found too.
 */
const HEADER = new RegExp(`(^|[\\s'"])(${SECRET_HEADERS.join('|')})[ \\t]*:[ \\t]*(?=([^\\r\\n]*))`, 'gim');
/** PLAINTEXT's signature is the two secrets themselves (RFC 5849 §3.4.4), where the request says it is PLAINTEXT. */
const PLAINTEXT = /oauth_signature_method(?:=|=")PLAINTEXT\b/i;
const SIGNATURE = /(^|[\s,?&'"])oauth_signature=("?)([^",&\s'"]+)/gi;
/** curl's `-u user:password` is Basic's credential (RFC 7617 §2). */
const CURL_USER = /(^|\s)(?:-u|--user)(?:\s+|=)(['"]?)([^\s'"]+)/g;

/** The spans of a header value: an Authorization credential after its scheme, each cookie's value, any other whole. */
function headerSpans(name: string, value: string, at: number): Span[] {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const credential = authorizationCredential(value);
    if (!credential) return []; // OAuth 1.0a's parameters: read as a form's (PLAINTEXT's signature below).
    const start = value.indexOf(credential.credential, credential.scheme.length);
    return [{ start: at + start, end: at + start + credential.credential.length }];
  }
  if (lower === 'cookie' || lower === 'set-cookie')
    return [...value.matchAll(/(^|;\s*)([^=;\s]+=)([^;]*)/g)]
      .filter((m) => !/^(path|domain|expires|max-age|samesite)=$/i.test(m[2]!))
      .map((m) => {
        const start = at + m.index + m[1]!.length + m[2]!.length;
        return { start, end: start + m[3]!.length };
      });
  return [{ start: at, end: at + value.trimEnd().length }];
}

/** For each match of `re`, the span of its group `group` (0: the whole match). */
function groupSpans(text: string, re: RegExp, group: number): Span[] {
  return [...text.matchAll(new RegExp(re.source, `${re.flags}d`))].flatMap((m) => {
    const at = m.indices?.[group];
    return at ? [{ start: at[0], end: at[1] }] : [];
  });
}

/** The secret headers of the text, a value ending at the quote that opened its curl argument. */
function headersIn(text: string): Span[] {
  return [...text.matchAll(HEADER)].flatMap((m) => {
    const quote = m[1] === "'" || m[1] === '"' ? m[1] : '';
    const raw = m[3]!;
    const value = quote && raw.includes(quote) ? raw.slice(0, raw.indexOf(quote)) : raw;
    return headerSpans(m[2]!, value, m.index + m[0].length);
  });
}

/**
 * Where the secrets of a pasted text stand (a request, a curl command, a URL, a body, a header value, a token), by
 * the one list (shared/secrets.ts): the named fields' values, the secret headers' credentials, a secret's shape (a
 * JWT), curl's `-u` and a PLAINTEXT signature. Sorted, overlaps merged.
 */
export function secretSpans(text: string): Span[] {
  return merged([
    ...groupSpans(text, FORM_FIELD, 3),
    ...groupSpans(text, JSON_FIELD, 2),
    ...groupSpans(text, SHAPED, 0),
    ...groupSpans(text, CURL_USER, 3),
    ...headersIn(text),
    ...(PLAINTEXT.test(text) ? groupSpans(text, SIGNATURE, 3) : []),
  ]);
}

/** The spans of a header's value typed alone (an Authorization value, a DPoP proof): the header's, then the text's. */
export const headerValueSpans =
  (name: (typeof SECRET_HEADERS)[number]) =>
  (value: string): Span[] =>
    merged([...headerSpans(name, value, 0), ...secretSpans(value)]);

/**
 * The spans of the secret values a page knows (an OAuth 2 request's client secret, code and tokens as it sends them,
 * features/oauth2/request-secrets.ts) wherever they occur in the text: at each place the longest that starts there, so
 * a secret inside another is masked as the longer one; and the text's own secrets (secretSpans), so a secret the
 * user edited into a value the page does not know is still masked.
 */
export const valueSpans =
  (secrets: readonly string[]) =>
  (text: string): Span[] => {
    const longestFirst = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
    const spans: Span[] = [];
    for (let i = 0; i < text.length;) {
      const secret = longestFirst.find((s) => text.startsWith(s, i));
      if (secret === undefined) i++;
      else spans.push({ start: i, end: (i += secret.length) });
    }
    return merged([...spans, ...secretSpans(text)]);
  };

function merged(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].filter((x) => x.end > x.start).sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && s.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, s.end) };
    else out.push(s);
  }
  return out;
}
