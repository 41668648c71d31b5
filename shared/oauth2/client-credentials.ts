import type { Param } from '../oauth1/parameters';
import { basicAuthorization, type ClientAuthentication } from './token-request';

/**
 * How the client authenticates the pushed authorization request, as at the token endpoint (RFC 9126 §2,
 * RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)): the body's client_id and client_secret, an HTTP Basic header, or client_id alone for a
 * public client (§3.2.1). A seam: engineer Q's branch has the same function as token-request.ts's
 * clientAuthentication (with the assertion and certificate methods); once merged this file goes and that one is used.
 */
export function clientAuthentication(c: {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
}): { params: Param[]; headers: [string, string][] } {
  if (c.authentication === 'basic')
    return { params: [], headers: [['Authorization', basicAuthorization(c.clientId, c.clientSecret)]] };
  if (c.authentication === 'body')
    return {
      params: [
        ['client_id', c.clientId],
        ['client_secret', c.clientSecret],
      ],
      headers: [],
    };
  return { params: [['client_id', c.clientId]], headers: [] };
}
