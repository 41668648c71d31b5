import { headerValueProblem, HTTP_TOKEN, type RawRequest } from '../../../shared/http';
import { authorityOf, requestTarget, type ParsedUrl } from '../../../shared/url';
import type { ProxyChoice } from './proxy';
import type { SentRequest } from './types';

type Header = readonly [string, string];

export interface Prepared {
  /** What the record shows: exactly the wire bytes, except a proxy password, which is redacted. */
  readonly sent: SentRequest;
  /** The headers as written to the socket. */
  readonly wireHeaders: readonly Header[];
  readonly target: string;
  readonly body: Buffer;
}

/** A problem with the request itself; send() turns it into a TransportError with code invalid_request. */
export class InvalidRequest extends Error {}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const REDACTED = '[redacted: proxy credentials]';

/**
 * Header names must be tokens (RFC 9110 §5.1) and values octets a header can carry, free of CR, LF and NUL
 * (headerValueProblem, RFC 9112 §5 (https://www.rfc-editor.org/rfc/rfc9112#section-5)): the transport and every
 * export refuse such a header with this message.
 */
export function checkHeaderFields(headers: readonly Header[]): void {
  for (const [name, value] of headers) {
    if (!HTTP_TOKEN.test(name))
      throw new InvalidRequest(
        `The header name ${JSON.stringify(name)} is not a valid token (no spaces, colons or control characters).`
      );
    const problem = headerValueProblem(value);
    if (problem) throw new InvalidRequest(`The value of header ${name} ${problem}.`);
  }
}

const find = (headers: readonly Header[], name: string) => headers.filter(([n]) => n.toLowerCase() === name);

/**
 * Builds the request exactly as it goes on the wire (RFC 9112): every header Node would otherwise add on its own
 * (Host, Content-Length, Connection) is set here, so the record is complete and Node adds nothing.
 */
export function prepareRequest(raw: RawRequest, url: ParsedUrl, proxy: ProxyChoice | null): Prepared {
  const method = raw.method;
  if (!HTTP_TOKEN.test(method))
    throw new InvalidRequest(
      `The method ${JSON.stringify(method)} is not a valid HTTP method token (letters such as GET or POST).`
    );
  if (method.toUpperCase() === 'CONNECT')
    throw new InvalidRequest(
      'CONNECT cannot be sent as a request; proxies are configured with HTTPS_PROXY / HTTP_PROXY.'
    );
  checkHeaderFields(raw.headers);
  if (find(raw.headers, 'transfer-encoding').length > 0)
    throw new InvalidRequest(
      'Transfer-Encoding cannot be set: the body is always sent with a Content-Length. Remove the header.'
    );
  if (find(raw.headers, 'host').length > 1)
    throw new InvalidRequest('The request has more than one Host header (RFC 9112 §3.2). Keep one.');

  const body = Buffer.from(raw.body ?? '', 'utf8');
  const headers: Header[] = [...raw.headers];
  if (find(headers, 'host').length === 0) headers.unshift(['Host', authorityOf(url)]);
  const lengths = find(headers, 'content-length');
  if (lengths.length > 1)
    throw new InvalidRequest(
      'The request has more than one Content-Length header. Keep one, or none to have it computed.'
    );
  if (lengths.length === 1 && lengths[0]![1].trim() !== String(body.length)) {
    throw new InvalidRequest(
      `Content-Length says ${lengths[0]![1]} but the body is ${body.length} bytes (UTF-8). Remove the header to have it computed.`
    );
  }
  if (lengths.length === 0 && (raw.body !== undefined || BODY_METHODS.has(method.toUpperCase())))
    headers.push(['Content-Length', String(body.length)]);
  if (find(headers, 'connection').length === 0) headers.push(['Connection', 'close']);

  const origin = `${url.scheme}://${authorityOf(url)}`;
  const target = proxy?.mode === 'absolute-form' ? origin + requestTarget(url) : requestTarget(url);
  const wireHeaders: Header[] = [...headers];
  const shown: Header[] = [...headers];
  if (proxy?.mode === 'absolute-form' && proxy.authorization && find(headers, 'proxy-authorization').length === 0) {
    wireHeaders.push(['Proxy-Authorization', proxy.authorization]);
    shown.push(['Proxy-Authorization', REDACTED]);
  }
  const sent: SentRequest = {
    method,
    url: origin + requestTarget(url),
    headers: shown,
    ...(raw.body === undefined ? {} : { body: raw.body }),
    requestLine: `${method} ${target} HTTP/1.1`,
    httpVersion: '1.1',
    bodySize: body.length,
  };
  return { sent, wireHeaders, target, body };
}
