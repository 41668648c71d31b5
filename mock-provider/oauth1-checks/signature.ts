import { bodyHash, constantTimeEqual, isRsaMethod, verifySignature } from '../../shared/oauth1';
import { refuse, type Check } from './verification';

/**
 * The checks that need the provider's own signature. The first computes it, with dummy secrets for an unknown
 * consumer or token, so the refusals after it take the same time whether or not the key exists (oauthlib's dummy
 * client); each refusal from here on carries the provider's base string for the event.
 */

/** RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1): the base string can be built from the request (its URI from the Host header and path). */
export const baseStringComputable: Check = (v) => {
  const signature = v.signature();
  return signature.error !== null ? refuse({ problem: 'parameter_rejected', advice: signature.error }) : null;
};

/** RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2): the consumer key is one of the provider's consumers. */
export const consumerKnown: Check = (v) =>
  v.consumer
    ? null
    : refuse({
        problem: 'consumer_key_unknown',
        advice: `oauth_consumer_key ${JSON.stringify(v.oauth.get('oauth_consumer_key'))} is not a consumer of this provider.`,
      });

/**
 * RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3): the public key is established with the consumer's credentials, so a consumer without one has no
 * credentials for RSA: 401 (§3.2, invalid client credentials) rather than the 400 of an unsupported method.
 */
export const rsaKeyConfigured: Check = (v) => {
  const method = v.signatureMethod;
  const consumer = v.consumer!;
  if (!isRsaMethod(method) || consumer.rsaPublicKey !== undefined) return null;
  const others = v.ctx.switches.signatureMethods.filter((m) => !isRsaMethod(m));
  return refuse(
    {
      problem: 'signature_method_rejected',
      advice: `Consumer ${JSON.stringify(consumer.key)} has no RSA public key configured, so its ${method} signature cannot be verified (RFC 5849 §3.4.3). Add rsaPublicKey (PEM) to this consumer in the mock's configuration${others.length ? `, or sign with ${others.join(', ')}` : ''}.`,
    },
    401
  );
};

/** RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3), §3: oauth_token is a token of the kind the leg needs, issued to this consumer. */
export const tokenKnown: Check = (v) => {
  const { problem } = v.tokens();
  return problem ? refuse(problem) : null;
};

/** RFC 5849 §3.2: the signature matches, compared in constant time (HMAC, PLAINTEXT) or verified with the public key (RSA, §3.4.3). */
export const signatureMatches: Check = (v) => {
  const computed = v.signature();
  if (computed.error !== null) return null; // refused by baseStringComputable
  const method = v.signatureMethod;
  const consumer = v.consumer!;
  const sent = v.oauth.get('oauth_signature')!;
  const rsa = isRsaMethod(method);
  if (
    rsa
      ? verifySignature(method, computed.baseString, '', sent, v.ctx.crypto, consumer.rsaPublicKey)
      : constantTimeEqual(computed.expected!, sent)
  )
    return null;
  const key = rsa
    ? `verified with the RSA public key of consumer ${JSON.stringify(consumer.key)}, which the consumer's private key must have signed; token secrets are not used, RFC 5849 §3.4.3`
    : `signing key: consumer secret & ${v.endpoint === 'request_token' ? 'empty token secret' : v.endpoint === 'access_token' ? 'request token secret' : 'access token secret'}, RFC 5849 §3.4`;
  return refuse({
    problem: 'signature_invalid',
    advice: `The signature does not match. The provider computed its signature base string as: ${computed.baseString} (${key}).`,
  });
};

/** draft-eaton-oauth-bodyhash: oauth_body_hash, when sent, only without a form body, and the hash of the body that arrived. */
export const bodyHashMatches: Check = (v) => {
  const sent = v.oauth.get('oauth_body_hash');
  if (sent === undefined) return null;
  if (v.collected.isForm)
    return refuse({
      problem: 'parameter_rejected',
      parametersRejected: ['oauth_body_hash'],
      advice: 'oauth_body_hash must not be sent with a form-encoded body (draft-eaton-oauth-bodyhash §3.2).',
    });
  if (v.isPlaintext || !constantTimeEqual(bodyHash(v.signatureMethod, v.req.body, v.ctx.crypto), sent))
    return refuse({
      problem: 'signature_invalid',
      advice: 'oauth_body_hash does not match the hash of the body that arrived (draft-eaton-oauth-bodyhash §3.1).',
    });
  return null;
};
