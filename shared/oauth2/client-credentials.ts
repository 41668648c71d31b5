import type { Param } from '../oauth1/parameters';
import { basicAuthorization, type ClientAuthentication } from './token-request';

/**
 * How a client authenticates a back-channel POST (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)): the body's client_id and client_secret,
 * an HTTP Basic header, or client_id alone for a public client (§3.2.1). One implementation for the token request
 * and the pushed authorization request, which authenticates as at the token endpoint (RFC 9126 §2).
 */
export function clientCredentialParts(
  clientId: string,
  clientSecret: string,
  authentication: ClientAuthentication
): { params: Param[]; headers: [string, string][] } {
  if (authentication === 'basic')
    return { params: [], headers: [['Authorization', basicAuthorization(clientId, clientSecret)]] };
  if (authentication === 'body')
    return {
      params: [
        ['client_id', clientId],
        ['client_secret', clientSecret],
      ],
      headers: [],
    };
  return { params: [['client_id', clientId]], headers: [] };
}
