import { percentDecodeOrKeep, percentEncode } from '../../percent-encoding';
import { isRsaMethod } from '../signing';
import { finding, type Finding } from './causes';
import type { Keys } from './pipeline';
import type { ReceivedRequest } from './received';

const enc = (t: string) => percentEncode(t, 'signing-key');

/** Which token secret signs this request (RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3), §3.4.2), from what it carries. */
function tokenSecretName(r: ReceivedRequest): string {
  const has = (name: string) => r.params.some((p) => p.name === name && p.value !== '');
  if (!has('oauth_token')) return 'none (the request carries no oauth_token)';
  return has('oauth_verifier')
    ? "the request token's secret (this request carries oauth_verifier: the access-token leg)"
    : "the access token's secret";
}

/**
 * When only the key can be wrong (the base strings match, or the signature is PLAINTEXT), says which secret is
 * wrong when the request shows it: a PLAINTEXT signature is the key itself (§3.4.4), so each half is compared;
 * a request without a token is signed with the consumer secret alone (§3.4.2); an RSA signature has only the key
 * pair (§3.4.3). Otherwise a secret is wrong, and this says which secrets the key is made of here.
 */
export function wrongSecretFindings(r: ReceivedRequest, keys: Keys): Finding[] {
  if (isRsaMethod(r.signatureMethod))
    return keys.rsaPublicKeyPem === null
      ? []
      : [finding('key-rsa-pair', `The ${r.signatureMethod} signature is not verified by the public key given.`)];
  if (keys.consumerSecret === null) return [];
  const cs = enc(keys.consumerSecret);
  const ts = enc(keys.tokenSecret ?? '');
  if (r.signatureMethod === 'PLAINTEXT') {
    const amp = r.signature.indexOf('&');
    if (amp < 0) return [];
    const [sentCs, sentTs] = [r.signature.slice(0, amp), r.signature.slice(amp + 1)];
    const out: Finding[] = [];
    if (sentCs !== cs)
      out.push(
        finding(
          'key-consumer-secret-wrong',
          `The client signed with a consumer secret of ${percentDecodeOrKeep(sentCs).length} characters that is not the one given.`
        )
      );
    if (sentTs !== ts)
      out.push(
        finding(
          'key-token-secret-wrong',
          `The client signed with a token secret of ${percentDecodeOrKeep(sentTs).length} characters that is not the one given; the key needs ${tokenSecretName(r)}.`
        )
      );
    return out;
  }
  const hasToken = r.params.some((p) => p.name === 'oauth_token' && p.value !== '');
  if (!hasToken && (keys.tokenSecret ?? '') === '')
    return [
      finding(
        'key-consumer-secret-wrong',
        'The request carries no token, so its key is the consumer secret alone (consumer_secret&): the client signed with another consumer secret.'
      ),
    ];
  return [
    finding(
      'key-unknown',
      `The base strings match, yet the signature does not: the key is consumer_secret&token_secret, where the token secret is ${tokenSecretName(r)}; one of the two differs from the secrets given.`
    ),
  ];
}
