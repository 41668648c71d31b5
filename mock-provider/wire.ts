import type { Socket } from 'node:net';
import type { SocketEnd } from '../shared/http';
import type { Reply } from './http';

// The mock's edge of the wire: what it reads from a connection before routing, and the header fields it writes.

const NOT_FIELD_VALUE = /[^\t\x20-\x7e]/g;
const NOT_LOCATION = /[^\x21-\x7e]/gu;
/** The same tests without the global flag (no lastIndex to carry over), to skip the replacement when nothing matches. */
const HAS_NOT_FIELD_VALUE = /[^\t\x20-\x7e]/;
const HAS_NOT_LOCATION = /[^\x21-\x7e]/u;
export const NO_BODY = Buffer.alloc(0);

/** Content-Length as declared (node has already refused a malformed or conflicting one), 0 when absent. */
export function declaredLength(rawHeaders: readonly string[]): number {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const n = rawHeaders[i]!;
    if (n.length === 14 && n.toLowerCase() === 'content-length') return Number(rawHeaders[i + 1]);
  }
  return 0;
}

/**
 * The sender's end of the connection, read when the request arrives (a closed socket no longer reports it): the
 * transport records the same address and port on its exchange, so the two views of one request are joined exactly.
 */
export function clientOf(socket: Socket): SocketEnd | null {
  const { remoteAddress, remotePort } = socket;
  return remoteAddress !== undefined && remotePort !== undefined ? { address: remoteAddress, port: remotePort } : null;
}

/** A lone surrogate has no UTF-8 form, so it becomes U+FFFD (as the WHATWG URL serializer does). */
const escapeInLocation = (c: string) =>
  c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(c);

/** The reply's header fields as written, Content-Length last, as a flat [name, value, …] list: node writes it as it is. */
export function wireHeaders(reply: Reply): string[] {
  const headers: string[] = [];
  for (const [n, raw] of reply.headers) {
    // Header values are ASCII on the wire; anything else from client input is escaped rather than thrown on.
    if (n === 'Location')
      headers.push(n, HAS_NOT_LOCATION.test(raw) ? raw.replace(NOT_LOCATION, escapeInLocation) : raw);
    else headers.push(n, HAS_NOT_FIELD_VALUE.test(raw) ? raw.replace(NOT_FIELD_VALUE, '?') : raw);
  }
  headers.push('Content-Length', String(Buffer.byteLength(reply.body)));
  return headers;
}
