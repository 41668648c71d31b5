import { base64Decode } from '../encoding/base64';
import { utf8Decode } from '../encoding/utf8';
import { headerValue, type RawResponse } from '../http';
import { formEncode, parseUrlEncoded, splitUrlEncoded } from '../url-encoded';
import { readBody, type ReadBody } from '../response-body';
import type { HarFileEntry } from './har-read';

type Headers = readonly (readonly [string, string])[];

/**
 * One HAR entry as the explainer reads it: parameters decoded, times in milliseconds. The response body is read
 * only when asked (most entries of a browser's HAR are not OAuth and never are).
 */
export interface EntryView {
  readonly index: number;
  readonly method: string;
  readonly url: string;
  /** The URL without query and fragment. */
  readonly base: string;
  readonly query: Readonly<Record<string, string>>;
  /** The request body's parameters when it is a form (or a JSON object), else empty. */
  readonly form: Readonly<Record<string, string>>;
  readonly requestHeaders: Headers;
  readonly status: number;
  readonly responseHeaders: Headers;
  /** Where the response redirects to (Location or HAR's redirectURL), or null. */
  readonly location: string | null;
  /** When the request was sent and when its answer was complete (ms since the epoch; NaN when unreadable). */
  readonly sentAt: number;
  readonly answeredAt: number;
  response(): RawResponseView;
}

export type RawResponseView = Pick<RawResponse, 'status' | 'headers' | 'bodyText'> & { readonly body: ReadBody };

/** A query or form decoded leniently: a malformed escape keeps the value as written. The first of a repeated name wins. */
export function decodeParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let pairs: (readonly [string, string])[];
  try {
    pairs = parseUrlEncoded(text, true, 'har');
  } catch {
    pairs = splitUrlEncoded(text).map((p) => [p.rawName, p.rawValue]);
  }
  for (const [n, v] of pairs) if (!(n in out)) out[n] = v;
  return out;
}

/** The query of a URL (absolute or relative) as parameters. */
export function queryParams(url: string): Record<string, string> {
  const noFragment = url.split('#')[0]!;
  const q = noFragment.indexOf('?');
  return q < 0 ? {} : decodeParams(noFragment.slice(q + 1));
}

function formOf(entry: HarFileEntry, headers: Headers): Record<string, string> {
  const params = entry.request.postData?.params;
  const text =
    entry.request.postData?.text ||
    // HAR's params are the form's decoded pairs: encoded again as the form they were (RFC 6749 Appendix B).
    (params ? formEncode(params.map((p) => [p.name, p.value ?? ''] as const)) : '');
  // Only an OAuth request's body is read: one that names a grant or a token (RFC 6749 §4.1.3, RFC 7009 §2.1), a
  // pushed authorization request (RFC 9126 §2.1), or a form_post redirect's code or error (OAuth 2.0 Form Post
  // Response Mode §2).
  if (!text || !/grant_type|token|response_type=|request=|code=|error=/.test(text)) return {};
  const type = (entry.request.postData?.mimeType ?? headerValue(headers, 'content-type') ?? '').toLowerCase();
  if (type.includes('json') || text.trimStart().startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')
      ) as Record<string, string>;
    } catch {
      return {};
    }
  }
  return /^[^\s=&]+=/.test(text) ? decodeParams(text) : {};
}

function bodyTextOf(entry: HarFileEntry): string {
  const content = entry.response.content;
  if (!content?.text) return '';
  if (content.encoding !== 'base64') return content.text;
  try {
    return utf8Decode(base64Decode(content.text.replace(/\s+/g, '')));
  } catch {
    return '';
  }
}

export function entryView(entry: HarFileEntry, index: number): EntryView {
  const requestHeaders: Headers = entry.request.headers.map((h) => [h.name, h.value] as const);
  const responseHeaders: Headers = entry.response.headers.map((h) => [h.name, h.value] as const);
  const sentAt = Date.parse(entry.startedDateTime);
  let response: RawResponseView | null = null;
  return {
    index,
    method: entry.request.method.toUpperCase(),
    url: entry.request.url,
    base: entry.request.url.split(/[?#]/)[0]!,
    query: queryParams(entry.request.url),
    form: entry.request.method.toUpperCase() === 'GET' ? {} : formOf(entry, requestHeaders),
    requestHeaders,
    status: entry.response.status,
    responseHeaders,
    location: headerValue(responseHeaders, 'location') || entry.response.redirectURL || null,
    sentAt,
    answeredAt: sentAt + Math.max(0, entry.time ?? 0),
    response() {
      if (!response) {
        const bodyText = bodyTextOf(entry);
        response = {
          status: entry.response.status,
          headers: responseHeaders,
          bodyText,
          body: readBody({ headers: responseHeaders, bodyText }),
        };
      }
      return response;
    },
  };
}
