import type { RawRequest, RawResponse } from './http';
import { authorityOf, parseHttpUrl, requestTarget } from './url';

/**
 * Requests and responses as HTTP/1.1 text (RFC 9112 (https://www.rfc-editor.org/rfc/rfc9112)), for the raw views and copy buttons. A request shows the Host
 * header the transport adds when the request does not carry one, so the text is what goes on the wire.
 */
export function requestText(request: RawRequest & { readonly requestLine?: string }): string {
  let line = request.requestLine;
  let host: string | null = null;
  if (!line) {
    try {
      const u = parseHttpUrl(request.url);
      line = `${request.method} ${requestTarget(u)} HTTP/1.1`;
      host = authorityOf(u);
    } catch {
      line = `${request.method} ${request.url} HTTP/1.1`;
    }
  }
  const headers = [...request.headers];
  if (host && !headers.some(([n]) => n.toLowerCase() === 'host')) headers.unshift(['Host', host]);
  return [line, ...headers.map(([n, v]) => `${n}: ${v}`), '', request.body ?? ''].join('\n');
}

export function responseText(response: RawResponse & { readonly httpVersion?: string }): string {
  return [
    `HTTP/${response.httpVersion ?? '1.1'} ${response.status} ${response.statusText}`.trim(),
    ...response.headers.map(([n, v]) => `${n}: ${v}`),
    '',
    response.bodyText,
  ].join('\n');
}

/** The body reformatted for reading: JSON indented, a form one field per line; anything else as it came. */
export function prettyBody(
  bodyText: string,
  contentType: string | undefined
): { readonly kind: 'json' | 'form' | 'text'; readonly text: string } {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^\s*[{[]/.test(bodyText)) {
    try {
      return { kind: 'json', text: JSON.stringify(JSON.parse(bodyText), null, 2) };
    } catch {
      // Not JSON after all: shown as text.
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded') && bodyText.includes('='))
    return { kind: 'form', text: bodyText.trim().split('&').join('\n&') };
  return { kind: 'text', text: bodyText };
}
