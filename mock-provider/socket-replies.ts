import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { refused, type Handled } from './context';
import { oauth2Error } from './errors';
import { wireHeaders } from './wire';

// Answers written straight on the socket, where node:http hands the server no ServerResponse to answer with.

/** Malformed HTTP, oversized headers or a request that arrives too slowly: a 4xx, then the connection closes. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const text =
    status === 408
      ? 'The request was not received in time.'
      : status === 431
        ? 'The request headers are too large (16 KiB at most).'
        : `The request is not valid HTTP/1.1 (${err.code ?? 'parse error'}).`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
  );
}

/** CONNECT asks for a tunnel (RFC 9110 §9.3.6 (https://www.rfc-editor.org/rfc/rfc9110#section-9.3.6)), which an origin server does not offer: 405 like any other method it does not serve. */
export function refuseConnect(socket: Socket): Handled {
  socket.on('error', () => {});
  const message = `CONNECT is not accepted: this is the mock provider, not a proxy (RFC 9110 section 9.3.6); its endpoints answer GET and POST.`;
  const handled: Handled = {
    endpoint: 'mock.method_not_allowed',
    reply: oauth2Error(405, 'method_not_allowed', message, [
      ['Allow', 'GET, POST'],
      ['Connection', 'close'],
    ]),
    verdict: refused('method_not_allowed', message),
  };
  const { reply } = handled;
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status]}`];
  const fields = wireHeaders(reply);
  for (let i = 0; i + 1 < fields.length; i += 2) head.push(`${fields[i]}: ${fields[i + 1]}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${reply.body}`);
  return handled;
}
