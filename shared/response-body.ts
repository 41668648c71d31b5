import { headerValue, type RawResponse } from './http';
import { parseUrlEncoded } from './url-encoded';

/** What a response body turned out to be, judged by its content first and its Content-Type second. */
export type BodyFormat = 'json' | 'form' | 'xml' | 'html' | 'text' | 'empty';

export interface ReadBody {
  readonly format: BodyFormat;
  /** The body's top-level fields: a JSON object's members, or a form's pairs (the first of a repeated name). */
  readonly fields: Readonly<Record<string, unknown>> | null;
  /** The body text without a UTF-8 byte-order mark and outer whitespace. */
  readonly text: string;
  /** The media type without parameters, lower case ("" when absent). */
  readonly mediaType: string;
}

/** `name=value&…` with at least one `=`, no spaces or line breaks: a form, whatever the Content-Type says. */
const FORM_LIKE = /^[^\s=&]+=[^\s]*$/;

function parseForm(text: string): Record<string, string> | null {
  try {
    const fields: Record<string, string> = {};
    for (const [name, value] of parseUrlEncoded(text, true, 'response')) if (!(name in fields)) fields[name] = value;
    return fields;
  } catch {
    return null;
  }
}

/**
 * Reads a body the way a tolerant client does. Real providers send token responses as JSON (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)), as
 * `application/x-www-form-urlencoded` (GitHub without `Accept: application/json`, Stack Exchange, older Facebook),
 * as a form labelled `text/plain` or `text/html`, or JSON with a UTF-8 byte-order mark; the charset parameter is
 * not a reason to refuse (the transport decodes the body as UTF-8).
 */
export function readBody(response: Pick<RawResponse, 'headers' | 'bodyText'>): ReadBody {
  const mediaType = (headerValue(response.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = response.bodyText.replace(/^\uFEFF/, '').trim();
  const base = { text, mediaType };
  if (text === '') return { ...base, format: 'empty', fields: null };
  if (/^[{[]/.test(text) || mediaType.includes('json')) {
    try {
      const value: unknown = JSON.parse(text);
      const fields =
        value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      return { ...base, format: 'json', fields };
    } catch {
      // Not JSON after all: read below as whatever it is.
    }
  }
  if (text.startsWith('<')) {
    const html = mediaType.includes('html') || /<(!doctype\s+html|html|head|body|title)\b/i.test(text);
    return { ...base, format: html ? 'html' : 'xml', fields: null };
  }
  if (FORM_LIKE.test(text)) {
    const fields = parseForm(text);
    if (fields) return { ...base, format: 'form', fields };
  }
  return { ...base, format: 'text', fields: null };
}
