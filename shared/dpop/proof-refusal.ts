import { headerValue, type RawResponse } from '../http';

/**
 * Whether a resource's 401 refuses the DPoP proof rather than the access token: its `WWW-Authenticate: DPoP`
 * challenge names invalid_dpop_proof or use_dpop_nonce (RFC 9449 §7.1, §9). The token itself may be good.
 */
export function refusesDpopProof(response: RawResponse): boolean {
  if (response.status !== 401) return false;
  const challenge = headerValue(response.headers, 'www-authenticate') ?? '';
  return /\berror\s*=\s*"?(invalid_dpop_proof|use_dpop_nonce)\b/i.test(challenge);
}
