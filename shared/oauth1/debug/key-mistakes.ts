import { percentEncode } from '../percent-encoding';
import { HMAC_SIGNATURE_METHODS, isRsaMethod, RSA_SIGNATURE_METHODS, type SignatureMethod } from '../signing';
import type { Candidate } from './candidate';
import { finding } from './causes';
import { rfcSigner, type Keys } from './pipeline';

const enc = (t: string) => percentEncode(t, 'signing-key');
const HMAC: readonly SignatureMethod[] = HMAC_SIGNATURE_METHODS;
const RSA: readonly SignatureMethod[] = RSA_SIGNATURE_METHODS;

/**
 * Mistakes in signing a correct base string: the key (§3.4.2: consumer secret, &, token secret, each
 * percent-encoded), the algorithm, or the digest's encoding. RSA has no key text (§3.4.3), only the algorithm.
 */
export function signerMistakes(keys: Keys, method: SignatureMethod): Candidate[] {
  const out: Candidate[] = [];
  const right = rfcSigner(keys, method);
  if (!isRsaMethod(method) && keys.consumerSecret !== null) {
    const cs = keys.consumerSecret;
    const ts = keys.tokenSecret ?? '';
    const key = (k: string, cause: Parameters<typeof finding>[0], detail: string) => {
      if (k !== right.key) out.push({ mistakes: [finding(cause, detail)], variant: {}, signer: { ...right, key: k } });
    };
    if (ts !== '') {
      key(
        `${enc(ts)}&${enc(cs)}`,
        'key-secrets-swapped',
        'The key was token_secret&consumer_secret; it is consumer_secret&token_secret.'
      );
      key(
        `${enc(cs)}&`,
        'key-token-secret-missing',
        'The key was consumer_secret& without the token secret, though the request carries a token.'
      );
    }
    if (cs !== '')
      key(`&${enc(ts)}`, 'key-consumer-secret-missing', 'The key was &token_secret, without the consumer secret.');
    key(
      `${cs}&${ts}`,
      'key-not-encoded',
      'The secrets were joined as they are; each must be percent-encoded first (they contain characters outside A-Z a-z 0-9 - . _ ~).'
    );
    key(
      `${enc(cs)}${enc(ts)}`,
      'key-ampersand-missing',
      ts === ''
        ? 'The key was the consumer secret alone; it must end with & when there is no token secret.'
        : 'The secrets were joined without the & between them.'
    );
  }
  const family = isRsaMethod(method) ? RSA : HMAC.includes(method) ? HMAC : [];
  for (const other of family) {
    if (other !== method)
      out.push({
        mistakes: [
          finding(
            'signature-method',
            `The signature was computed with ${other}, while oauth_signature_method says ${method}.`
          ),
        ],
        variant: {},
        signer: { ...right, method: other },
      });
  }
  if (HMAC.includes(method))
    out.push({
      mistakes: [
        finding('signature-encoding', 'The signature is the hex of the digest; RFC 5849 §3.4.2 sends its base64.'),
      ],
      variant: {},
      signer: { ...right, format: 'hex' },
    });
  return out;
}
