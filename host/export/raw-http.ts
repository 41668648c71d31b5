import type { RawRequest } from '../../shared/http';
import { authorityOf, parseHttpUrl, requestTarget } from '../../shared/url';
import { ANY_SOURCE, singleUseNotes, type ExportTarget } from './export-target';

/**
 * The request as HTTP/1.1 text (RFC 9112 (https://www.rfc-editor.org/rfc/rfc9112)), lines ending in CRLF as on the wire, so it can be sent with
 * `nc host port < request.txt` or pasted into a debugger. Written by hand: httpsnippet's http1.1 client drops
 * repeated headers and reorders Host. Host and Content-Length are added when the request does not carry them, as
 * the transport adds them; a request the transport recorded already has both and its exact request line.
 */
function rawHttp(r: RawRequest & { readonly requestLine?: string }): string {
  const u = parseHttpUrl(r.url, 'raw-http');
  const line = r.requestLine ?? `${r.method} ${requestTarget(u)} HTTP/1.1`;
  const has = (name: string) => r.headers.some(([n]) => n.toLowerCase() === name);
  const headers: (readonly [string, string])[] = [...r.headers];
  if (!has('host')) headers.unshift(['Host', authorityOf(u)]);
  if (r.body !== undefined && !has('content-length'))
    headers.push(['Content-Length', String(Buffer.byteLength(r.body, 'utf8'))]);
  return [line, ...headers.map(([n, v]) => `${n}: ${v}`), '', r.body ?? ''].join('\r\n');
}

/** Raw HTTP has no comment syntax: the single-use warning goes beside it. */
export const rawHttpTarget: ExportTarget = {
  id: 'raw-http',
  label: 'Raw HTTP',
  language: 'http',
  kind: 'snapshot',
  extension: '.txt',
  mediaType: 'message/http',
  sources: ANY_SOURCE,
  secretPlaceholders: 'code',
  render: (input) => ({ text: rawHttp(input.request()), notes: singleUseNotes(input) }),
};
