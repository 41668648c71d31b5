import { utf8Encode } from '../../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolErrorCode } from '../../errors';
import { headerValue, HTTP_TOKEN } from '../../http';
import { isLoopbackHost, parseHttpUrl } from '../../url';
import type { AssumedScheme, DebugRequest } from './request';

export interface RawHttpOptions {
  /**
   * The scheme the request was sent with. HTTP/1.1 text does not say whether it went over TLS (RFC 9112 §3.2.1 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.1):
   * the target is usually just the path), yet the scheme is signed (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)). When not given, it is
   * assumed from the host (assumeScheme) and the request says so.
   */
  readonly scheme?: 'http' | 'https' | null;
}

const STEP = 'raw-http';
function fail(code: ProtocolErrorCode, why: string): never {
  throw new ProtocolError(code, STEP, why);
}
/**
 * The scheme a raw request is read with when the user does not say: http for a loopback host (a local server
 * rarely has TLS; RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3) redirects to http://127.0.0.1), https for any other.
 */
export function assumeScheme(hostHeader: string): AssumedScheme {
  const host = parseHttpUrl(`http://${hostHeader.trim()}/`, STEP).host;
  const lead = 'The raw request does not say whether it was sent over TLS';
  const signed = 'The scheme is signed (RFC 5849 §3.4.1.2).';
  return isLoopbackHost(host)
    ? {
        scheme: 'http',
        note: `${lead}; http is assumed, as ${host} is a loopback host (choose https if it went over TLS). ${signed}`,
      }
    : { scheme: 'https', note: `${lead}; https is assumed (choose http if it did not). ${signed}` };
}

const HEADER = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;

/**
 * Reads a pasted HTTP/1.1 request (RFC 9112): the request line, the header lines, an empty line, the body. Line
 * ends may be CRLF or LF. Origin-form targets (`/path?query`) take the authority from the Host header; absolute-form
 * targets (`https://host/path`) carry their own, and then the Host header is ignored (RFC 9112 §3.2.2 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.2)).
 */
export function parseRawHttpRequest(text: string, options: RawHttpOptions = {}): DebugRequest {
  const notes: string[] = [];
  const trimmed = text.replace(/^(?:[ \t]*\r?\n)+/, '');
  if (trimmed.trim() === '')
    fail(
      PROTOCOL_ERROR.EMPTY_REQUEST,
      'The HTTP request is empty; paste the request line (e.g. POST /path HTTP/1.1), the headers and the body.'
    );
  const split = /\r?\n\r?\n/.exec(trimmed);
  const head = split ? trimmed.slice(0, split.index) : trimmed.replace(/\r?\n$/, '');
  let body: string | undefined = split ? trimmed.slice(split.index + split[0].length) : undefined;
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);

  const line = /^(\S+) (\S+) HTTP\/(\d(?:\.\d)?)$/.exec(requestLine.trim());
  if (!line)
    fail(
      PROTOCOL_ERROR.INVALID_REQUEST_LINE,
      `The first line ${JSON.stringify(requestLine)} is not a request line; expected METHOD TARGET HTTP/1.1, e.g. "POST /1.1/statuses/update.json HTTP/1.1" (RFC 9112 §3).`
    );
  const method = line[1]!;
  const target = line[2]!;
  if (!HTTP_TOKEN.test(method))
    fail(PROTOCOL_ERROR.INVALID_REQUEST_LINE, `The method ${JSON.stringify(method)} is not an HTTP method token.`);

  const headers = parseHeaderLines(headerLines);

  if (headerValue(headers, 'transfer-encoding'))
    fail(
      PROTOCOL_ERROR.UNSUPPORTED_TRANSFER_ENCODING,
      'The request uses Transfer-Encoding; paste the body decoded (without chunk sizes) and drop that header.'
    );
  if (headerValue(headers, 'content-encoding'))
    fail(
      PROTOCOL_ERROR.UNSUPPORTED_CONTENT_ENCODING,
      'The body is compressed (Content-Encoding); paste it uncompressed and drop that header.'
    );

  const { url, assumed } = requestUrl(target, headers, options, notes);
  parseHttpUrl(url, STEP);

  if (body !== undefined) body = fitBody(body, headerValue(headers, 'content-length'), notes);
  if (body === '' && !headerValue(headers, 'content-length') && !headerValue(headers, 'content-type')) body = undefined;
  return {
    origin: 'http',
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    notes,
    ...(assumed ? { assumedScheme: assumed } : {}),
  };
}

/**
 * A pasted body often gains a trailing line break; Content-Length, when present, says how long it really is. A
 * form body's last value would otherwise end with "\n" and be signed so.
 */
function fitBody(body: string, contentLength: string | undefined, notes: string[]): string {
  const trimmed = body.replace(/(?:\r?\n)+$/, '');
  if (contentLength === undefined) return trimmed;
  if (!/^\d+$/.test(contentLength.trim()))
    fail(
      PROTOCOL_ERROR.INVALID_CONTENT_LENGTH,
      `Content-Length ${JSON.stringify(contentLength)} is not a number of bytes.`
    );
  const want = Number(contentLength.trim());
  const size = (s: string) => utf8Encode(s, STEP).length;
  if (size(body) === want) return body;
  if (size(trimmed) === want) return trimmed;
  notes.push(
    `The body is ${size(trimmed)} bytes but Content-Length says ${want}; the body is used as pasted (without trailing line breaks).`
  );
  return trimmed;
}

/** Header lines as name/value pairs, obs-folds joined (RFC 9112 §5.2 (https://www.rfc-editor.org/rfc/rfc9112#section-5.2): a recipient may replace the fold with a space). */
function parseHeaderLines(headerLines: readonly string[]): [string, string][] {
  const headers: [string, string][] = [];
  headerLines.forEach((raw, i) => {
    if (/^[ \t]/.test(raw) && headers.length) {
      const last = headers[headers.length - 1]!;
      last[1] = `${last[1]} ${raw.trim()}`.trim();
      return;
    }
    const m = HEADER.exec(raw);
    if (!m)
      fail(
        PROTOCOL_ERROR.INVALID_HEADER_LINE,
        `Header line ${i + 2}, ${JSON.stringify(raw)}, is not "Name: value" (RFC 9112 §5).`
      );
    headers.push([m[1]!, m[2]!]);
  });
  return headers;
}

/** The URL the request addressed: an absolute-form target, or an origin-form one on the Host header's authority. */
function requestUrl(
  target: string,
  headers: readonly [string, string][],
  options: RawHttpOptions,
  notes: string[]
): { url: string; assumed: AssumedScheme | undefined } {
  if (/^https?:\/\//i.test(target)) {
    if (options.scheme && !target.toLowerCase().startsWith(`${options.scheme}:`))
      notes.push(`The request target names its own scheme, so the scheme ${options.scheme} was not used.`);
    return { url: target, assumed: undefined };
  }
  if (!target.startsWith('/'))
    fail(
      PROTOCOL_ERROR.INVALID_REQUEST_TARGET,
      `The request target ${JSON.stringify(target)} is neither a path (/...) nor an absolute http(s) URL.`
    );
  const host = headerValue(headers, 'host');
  if (!host)
    fail(
      PROTOCOL_ERROR.MISSING_HOST,
      'The request has no Host header, so the signed URI cannot be rebuilt (RFC 5849 §3.4.1.2 uses the host the client addressed); add "Host: api.example.com".'
    );
  const assumed = options.scheme ? undefined : assumeScheme(host);
  return { url: `${options.scheme ?? assumed!.scheme}://${host.trim()}${target}`, assumed };
}
