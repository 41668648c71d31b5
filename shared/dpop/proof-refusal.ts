import { headerValue, type RawResponse } from '../http';
import { providerMessage, sentence } from '../provider-message';

/**
 * Whether a resource's 401 refuses the DPoP proof rather than the access token: its `WWW-Authenticate: DPoP`
 * challenge names invalid_dpop_proof or use_dpop_nonce (RFC 9449 §7.1, §9). The token itself may be good.
 */
export function refusesDpopProof(response: RawResponse): boolean {
  if (response.status !== 401) return false;
  const challenge = headerValue(response.headers, 'www-authenticate') ?? '';
  return /\berror\s*=\s*"?(invalid_dpop_proof|use_dpop_nonce)\b/i.test(challenge);
}

/**
 * The summary of an error answer to a request whose DPoP proof carried a mistake made on purpose that the DPoP
 * verifier names (`named`, its ids): the answer refuses the proof, whatever error it gives. A resource may answer a
 * proof of another key or a replayed proof with invalid_token (RFC 9449 §7.1), which would otherwise read as the
 * token refused.
 */
export function plantedProofRefusal(response: RawResponse, named: readonly string[]): string {
  const said = providerMessage(response);
  return (
    `HTTP ${response.status}${said ? `, the provider says: ${sentence(said.text)}` : '.'} The DPoP proof carried ` +
    `the mistake made on purpose, which the DPoP verifier names below (${named.join(', ')}): this answer refuses ` +
    'the proof, not the token (RFC 9449 §7.1), whatever error it gives; send again without the mistake.'
  );
}
