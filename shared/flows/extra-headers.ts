import type { RawRequest } from '../http';
import type { Param } from '../url-encoded';
import { APP_VERSION } from '../version';

/** Sent unless the profile names its own: several providers refuse a request without a descriptive User-Agent. */
export const DEFAULT_USER_AGENT = `OAuth-Lab/${APP_VERSION}`;

/**
 * Headers each leg sets itself, so an extra header cannot replace them: the Authorization header carries the
 * signature or the client's credentials, and the transport computes Host and Content-Length (RFC 9112 (https://www.rfc-editor.org/rfc/rfc9112)).
 */
export const RESERVED_HEADERS = ['authorization', 'host', 'content-length', 'transfer-encoding'] as const;

/**
 * A leg's request with the profile's extra headers after its own: a header the leg already has (Accept) is
 * replaced by the profile's; a User-Agent is added when the profile gives none (RFC 9110 §10.1.5 (https://www.rfc-editor.org/rfc/rfc9110#section-10.1.5)).
 */
export function withExtraHeaders(request: RawRequest, extra: readonly Param[] = []): RawRequest {
  const given = [...extra];
  if (!given.some(([n]) => n.toLowerCase() === 'user-agent')) given.unshift(['User-Agent', DEFAULT_USER_AGENT]);
  const names = new Set(given.map(([n]) => n.toLowerCase()));
  const kept = request.headers.filter(([n]) => !names.has(n.toLowerCase()));
  return { ...request, headers: [...kept, ...given] };
}
