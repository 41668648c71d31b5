import { isIP } from 'node:net';
import { headerValue, type RawRequest, type RawResponse } from '../../shared/http';
import { parseUrlEncoded, splitUrlEncoded } from '../../shared/url-encoded';
import { authorityOf, parseHttpUrl, requestTarget } from '../../shared/url';
import { queryOf, uriSafe } from './request-params';
import type { RecordedExchange } from './types';

/**
 * HTTP Archive 1.2 (http://www.softwareishard.com/blog/har-12-spec/), so browsers' devtools, Charles, Fiddler,
 * Insomnia and others open what OAuth Lab sent. Field names and units (milliseconds, bytes, -1 for "unknown")
 * follow the spec; custom fields would need a leading underscore, so there are none.
 */
export interface HarNameValue {
  readonly name: string;
  readonly value: string;
}
export interface HarCookie extends HarNameValue {
  readonly path?: string;
  readonly domain?: string;
  readonly expires?: string;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
}
export interface HarRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string;
  readonly cookies: readonly HarCookie[];
  readonly headers: readonly HarNameValue[];
  readonly queryString: readonly HarNameValue[];
  readonly postData?: { readonly mimeType: string; readonly text: string };
  readonly headersSize: number;
  readonly bodySize: number;
}
export interface HarResponse {
  readonly status: number;
  readonly statusText: string;
  readonly httpVersion: string;
  readonly cookies: readonly HarCookie[];
  readonly headers: readonly HarNameValue[];
  readonly content: {
    readonly size: number;
    readonly mimeType: string;
    readonly text?: string;
    readonly encoding?: 'base64';
  };
  readonly redirectURL: string;
  readonly headersSize: number;
  readonly bodySize: number;
  readonly comment?: string;
}
export interface HarTimings {
  readonly blocked: number;
  readonly dns: number;
  readonly connect: number;
  readonly ssl: number;
  readonly send: number;
  readonly wait: number;
  readonly receive: number;
}
export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: HarRequest;
  readonly response: HarResponse;
  readonly cache: Record<string, never>;
  readonly timings: HarTimings;
  readonly serverIPAddress?: string;
  /** HAR 1.2 `connection`: the TCP connection's client port, one connection per exchange. */
  readonly connection?: string;
  readonly comment?: string;
}
export interface Har {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
    readonly comment?: string;
  };
}

/** bodyText replaces invalid bytes with U+FFFD, so only the bytes themselves say whether it is the whole body. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');
const pairs = (headers: RawRequest['headers']): HarNameValue[] => headers.map(([name, value]) => ({ name, value }));

/** Query parameters decoded as a form (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1) reads them so too); a malformed escape is kept as written. */
function queryString(url: string): HarNameValue[] {
  const q = queryOf(url);
  if (q === '') return [];
  try {
    return parseUrlEncoded(q, true, 'har').map(([name, value]) => ({ name, value }));
  } catch {
    return splitUrlEncoded(q).map((p) => ({ name: p.rawName, value: p.rawValue }));
  }
}

function requestCookies(headers: RawRequest['headers']): HarCookie[] {
  return headers
    .filter(([n]) => n.toLowerCase() === 'cookie')
    .flatMap(([, v]) => v.split(';'))
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => ({ name: c.split('=')[0]!.trim(), value: c.split('=').slice(1).join('=').trim() }));
}

/** RFC 6265 §4.1 (https://www.rfc-editor.org/rfc/rfc6265#section-4.1): `name=value` then attributes; only the ones HAR names are kept. */
function responseCookies(headers: RawResponse['headers']): HarCookie[] {
  return headers
    .filter(([n]) => n.toLowerCase() === 'set-cookie')
    .map(([, v]) => {
      const [first = '', ...attributes] = v.split(';');
      const cookie: { -readonly [K in keyof HarCookie]: HarCookie[K] } = {
        name: first.split('=')[0]!.trim(),
        value: first.split('=').slice(1).join('=').trim(),
      };
      for (const a of attributes) {
        const [key = '', ...rest] = a.split('=');
        const value = rest.join('=').trim();
        const k = key.trim().toLowerCase();
        if (k === 'path') cookie.path = value;
        else if (k === 'domain') cookie.domain = value;
        else if (k === 'expires' && !Number.isNaN(Date.parse(value))) cookie.expires = new Date(value).toISOString();
        else if (k === 'httponly') cookie.httpOnly = true;
        else if (k === 'secure') cookie.secure = true;
      }
      return cookie;
    });
}

/**
 * The URL as it goes on the wire, fragment dropped: what the transport sends and the signature covers (characters
 * that cannot appear in a request target, and a path's `'`, `[` and `]`, percent-encoded as UTF-8, shared/url.ts;
 * RFC 3986 §2.1 (https://www.rfc-editor.org/rfc/rfc3986#section-2.1)) and nothing more. Every export writes this URL:
 * a server signs the path as received (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)).
 */
export function wireUrl(url: string): string {
  try {
    const u = parseHttpUrl(url);
    return `${u.scheme}://${authorityOf(u)}${requestTarget(u)}`;
  } catch {
    return url.replace(/#.*$/s, '');
  }
}

/**
 * HAR's `request.url`: the URL as sent, fragment dropped (HAR: "fragments are not included"), and a valid RFC 3986
 * URI, as HAR tools check: a `[` or `]` the path was sent with is percent-encoded (the query never carries them
 * raw, see shared/url.ts). That path is the one difference from the bytes sent; a server that signs the path as
 * received (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)) sees the request as sent
 * in the app's own exports (curl and the others restore it).
 */
const harUrl = (url: string) => uriSafe(wireUrl(url));

/** HAR's request object: the request as sent. With the transport's request line, headersSize is the exact size of the head. */
export function toHarRequest(raw: RawRequest & { readonly requestLine?: string }): HarRequest {
  const headersSize =
    raw.requestLine === undefined
      ? -1
      : utf8Length(`${raw.requestLine}\r\n${raw.headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`);
  return {
    method: raw.method,
    url: harUrl(raw.url),
    httpVersion: 'HTTP/1.1',
    cookies: requestCookies(raw.headers),
    headers: pairs(raw.headers),
    queryString: queryString(raw.url),
    // `text` only: the exact body. HAR makes `params` and `text` mutually exclusive, and decoded params would
    // lose how each value was encoded, which is what an OAuth 1.0a signature depends on.
    ...(raw.body !== undefined
      ? {
          postData: {
            mimeType: headerValue(raw.headers, 'content-type') ?? 'application/octet-stream',
            text: raw.body,
          },
        }
      : {}),
    headersSize,
    bodySize: raw.body === undefined ? 0 : utf8Length(raw.body),
  };
}

/** HAR's response object. The body is text when its bytes are UTF-8, else base64 (from the transport's exact bytes). */
function toHarResponse(r: RecordedExchange['response']): HarResponse {
  const exact = r.bodyBase64 !== undefined && !isUtf8(Buffer.from(r.bodyBase64, 'base64'));
  return {
    status: r.status,
    statusText: r.statusText,
    httpVersion: `HTTP/${r.httpVersion ?? '1.1'}`,
    cookies: responseCookies(r.headers),
    headers: pairs(r.headers),
    content: {
      size: r.bodySize,
      mimeType: headerValue(r.headers, 'content-type') ?? 'x-unknown',
      ...(exact ? { text: r.bodyBase64!, encoding: 'base64' as const } : { text: r.bodyText }),
    },
    redirectURL: headerValue(r.headers, 'location') ?? '',
    headersSize: -1,
    bodySize: r.bodySize,
  };
}

/** What a HAR entry holds for a request that was never sent: Chrome's convention, status 0. */
export const UNSENT_RESPONSE: HarResponse = {
  status: 0,
  statusText: '',
  httpVersion: '',
  cookies: [],
  headers: [],
  content: { size: 0, mimeType: 'x-unknown' },
  redirectURL: '',
  headersSize: -1,
  bodySize: -1,
  comment: 'Not sent: exported from OAuth Lab before sending.',
};

/**
 * The transport records offsets from the start (DNS done, connected, TLS done, first byte, end); HAR wants the
 * length of each phase, with `ssl` also counted in `connect` (HAR 1.2, for HAR 1.1 readers). Request writing is
 * not timed apart, so `send` is 0 and the phases add up to the total.
 */
export function toHarTimings(t: RecordedExchange['timings']): HarTimings {
  const dnsEnd = t.dns ?? 0;
  const connected = t.tls ?? t.connect ?? null;
  const ready = connected ?? dnsEnd;
  const firstByte = t.firstByte ?? t.total;
  return {
    blocked: -1,
    dns: t.dns ?? -1,
    connect: connected === null ? -1 : Math.max(0, connected - dnsEnd),
    ssl: t.tls !== null && t.connect !== null ? Math.max(0, t.tls - t.connect) : -1,
    send: 0,
    wait: Math.max(0, firstByte - ready),
    receive: Math.max(0, t.total - firstByte),
  };
}

function toHarEntry(exchange: RecordedExchange, comment?: string): HarEntry {
  const address = exchange.remoteAddress ?? null;
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.timings.total,
    request: toHarRequest(exchange.request),
    response: toHarResponse(exchange.response),
    cache: {},
    timings: toHarTimings(exchange.timings),
    ...(address && isIP(address) ? { serverIPAddress: address } : {}),
    ...(exchange.local ? { connection: String(exchange.local.port) } : {}),
    ...(comment ? { comment } : {}),
  };
}

export type HarInput = RecordedExchange | { readonly exchange: RecordedExchange; readonly comment?: string };

/** A whole HAR log, entries in the order given (HAR readers sort by startedDateTime themselves). */
export function toHar(
  entries: readonly HarInput[],
  options: { readonly appVersion?: string; readonly comment?: string } = {}
): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'OAuth Lab', version: options.appVersion ?? 'unknown' },
      entries: entries.map((e) => ('exchange' in e ? toHarEntry(e.exchange, e.comment) : toHarEntry(e))),
      ...(options.comment ? { comment: options.comment } : {}),
    },
  };
}
