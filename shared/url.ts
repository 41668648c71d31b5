import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from './errors';
import { utf8Encode } from './encoding/utf8';

/** An absolute http(s) URL split per RFC 3986 §3 (https://www.rfc-editor.org/rfc/rfc3986#section-3), with the text of each part as written. */
export interface ParsedUrl {
  readonly scheme: 'http' | 'https';
  readonly host: string;
  /** The port as a number, or null when the URL has none (or an empty one, `host:`). */
  readonly port: number | null;
  /** The path as it goes on the wire: characters that cannot appear there percent-encoded, existing escapes kept. */
  readonly path: string;
  /** The query without `?`, or null when the URL has no `?`. */
  readonly query: string | null;
}

// RFC 3986 Appendix B (https://www.rfc-editor.org/rfc/rfc3986#appendix-B).
const URI = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/s;
/**
 * Characters a path is never sent with literally: those that cannot appear in an HTTP request target at all, `[` and
 * `]` (RFC 3986 §3.3 (https://www.rfc-editor.org/rfc/rfc3986#section-3.3): not path characters; they delimit an IP
 * literal only), and `'`, which Node's URL parser and the HAR converters built on it (httpsnippet) rewrite as `%27`.
 * An OAuth 1.0a server signs the path as received (RFC 5849 §3.4.1.2
 * (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)), so the path is signed in this one form and every copy of
 * the request (HAR, curl, the exports) carries the same bytes; existing escapes are kept as written.
 */
const NOT_IN_PATH = /[\u0000-\u0020"'<>\\^`{|}[\]\u007f-\uffff]/gu;
/** Characters that cannot appear literally in an HTTP request target at all. */
const NOT_ON_WIRE = /[\u0000-\u0020"<>\\^`{|}\u007f-\uffff]/gu;
/**
 * The query takes no `[` or `]` either (RFC 3986 §3.4 (https://www.rfc-editor.org/rfc/rfc3986#section-3.4)), and
 * servers such as oauthlib refuse them raw. Encoding them there changes no signature: an OAuth 1.0a base string
 * decodes the query's parameters and encodes them again (RFC 5849 §3.4.1.3
 * (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3)).
 */
const NOT_IN_QUERY = /[\u0000-\u0020"<>\\^`{|}[\]\u007f-\uffff]/gu;

function fail(step: ProtocolStep, url: string, why: string): never {
  throw new ProtocolError(PROTOCOL_ERROR.INVALID_URL, step, `Invalid URL ${JSON.stringify(url)}: ${why}`);
}

function encodeForWire(text: string, step: ProtocolStep, unsafe: RegExp): string {
  return text.replace(unsafe, (ch) =>
    Array.from(utf8Encode(ch, step), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('')
  );
}

/**
 * A loopback host as parseHttpUrl gives it: localhost, [::1] or 127.0.0.0/8 (RFC 6761 §6.3, RFC 8252 §8.3 (https://www.rfc-editor.org/rfc/rfc8252#section-8.3)),
 * where a local server usually speaks plain http.
 */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Parses an absolute http(s) URL to send, with clear errors for what the user typed wrong. */
export const parseHttpUrl = (url: string, step: ProtocolStep = 'url'): ParsedUrl => parse(url, step, NOT_IN_PATH);

/**
 * Parses the URL of a request as a server received it (the mock, the signature debugger): the path keeps every
 * character that can travel in a request target as it came, since a server signs the path as received (RFC 5849
 * §3.4.1.2), and a client may well have sent `'`, `[` or `]` raw.
 */
export const parseReceivedUrl = (url: string, step: ProtocolStep): ParsedUrl => parse(url, step, NOT_ON_WIRE);

function parse(url: string, step: ProtocolStep, pathUnsafe: RegExp): ParsedUrl {
  const trimmed = url.trim();
  if (trimmed === '') fail(step, url, 'it is empty; expected an absolute URL such as https://api.example.com/path.');
  const m = URI.exec(trimmed);
  const scheme = m?.[1]?.toLowerCase();
  if (!m || !scheme || m[2] === undefined)
    fail(step, url, 'expected an absolute URL starting with http:// or https://.');
  if (scheme !== 'http' && scheme !== 'https')
    fail(step, url, `scheme "${m[1]}" is not supported; expected http or https.`);
  const authority = m[2];
  if (authority.includes('@')) fail(step, url, 'user information (user@host) is never sent to the server; remove it.');
  const hp = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]*)(?::(.*))?$/.exec(authority);
  if (!hp || hp[1] === '') fail(step, url, 'the host is missing.');
  const host = hp[1]!.toLowerCase();
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9\-._~%!$&'()*+,;=]+)$/.test(host))
    fail(step, url, `the host "${hp[1]}" contains characters a host name cannot have.`);
  let port: number | null = null;
  if (hp[2] !== undefined && hp[2] !== '') {
    if (!/^[0-9]{1,5}$/.test(hp[2]) || +hp[2] < 1 || +hp[2] > 65535)
      fail(step, url, `port "${hp[2]}" must be a whole number from 1 to 65535.`);
    port = +hp[2];
  }
  return {
    scheme,
    host,
    port,
    path: encodeForWire(m[3] ?? '', step, pathUnsafe),
    query: m[4] === undefined ? null : encodeForWire(m[4], step, NOT_IN_QUERY),
  };
}

const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** `host` or `host:port`, with the scheme's default port left out. */
export function authorityOf(u: Pick<ParsedUrl, 'scheme' | 'host' | 'port'>): string {
  return u.port === null || u.port === DEFAULT_PORT[u.scheme] ? u.host : `${u.host}:${u.port}`;
}

/** The request target of the request line (RFC 9112 §3.2.1 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.1)): path (at least `/`) plus `?query` when present. */
export function requestTarget(u: Pick<ParsedUrl, 'path' | 'query'>): string {
  return (u.path || '/') + (u.query === null ? '' : `?${u.query}`);
}
