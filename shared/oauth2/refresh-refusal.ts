import type { RawResponse } from '../http';
import { parseTokenResponse } from './token-response';

/**
 * Why the server refused a refresh token, when it did: invalid_grant (RFC 6749 §5.2
 * (https://www.rfc-editor.org/rfc/rfc6749#section-5.2): invalid, expired, revoked, already used) with its
 * error_description, as it sent them. Null for any other answer: a refused client, a scope too wide or a server
 * error say nothing of the refresh token itself.
 */
export function refreshTokenRefusal(response: RawResponse): string | null {
  const r = parseTokenResponse(response, { now: 0, grant: 'refresh_token' });
  if (r.kind !== 'error' || r.error?.error !== 'invalid_grant') return null;
  return r.error.description ? `${r.error.error}: ${r.error.description}` : r.error.error;
}
