import { percentEncode } from '../../percent-encoding';
import { HMAC_SIGNATURE_METHODS, isRsaMethod, RSA_SIGNATURE_METHODS, type SignatureMethod } from '../signing';
import type { Candidate } from './candidate';
import { finding } from './causes';
import { rfcSigner, type Keys } from './pipeline';
import type { ReceivedRequest } from './received';

const enc = (t: string) => percentEncode(t, 'signing-key');
const HMAC: readonly SignatureMethod[] = HMAC_SIGNATURE_METHODS;
const RSA: readonly SignatureMethod[] = RSA_SIGNATURE_METHODS;

/**
 * Mistakes in signing a correct base string: the key (§3.4.2: consumer secret, &, token secret, each
 * percent-encoded), the algorithm, or the digest's encoding. RSA has no key text (§3.4.3), only the algorithm.
 * Where a secret was mixed up with the identifier sent beside it (the consumer key, the token), that names which
 * secret is wrong.
 */
export function signerMistakes(keys: Keys, r: Pick<ReceivedRequest, 'signatureMethod' | 'params'>): Candidate[] {
  const method = r.signatureMethod;
  const sent = (name: string) => r.params.find((p) => p.name === name && p.value !== '')?.value ?? null;
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
    const consumerKey = sent('oauth_consumer_key');
    if (consumerKey !== null)
      key(
        `${enc(consumerKey)}&${enc(ts)}`,
        'key-consumer-secret-wrong',
        'The client signed with the consumer key (oauth_consumer_key) in place of the consumer secret.'
      );
    const token = sent('oauth_token');
    if (token !== null)
      key(
        `${enc(cs)}&${enc(token)}`,
        'key-token-secret-wrong',
        'The client signed with the token itself (oauth_token) in place of its secret.'
      );
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
