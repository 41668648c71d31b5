import { utf8Encode } from '../../../shared/encoding/utf8';
import { ProtocolError } from '../../../shared/errors';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import { signingKeyOf } from '../../../shared/oauth2/client-assertion';
import type { RequestObjectSigner } from '../../../shared/oauth2/request-object';
import type { Profile } from '../../../shared/store/profile';
import { joseSigner, secretJwsSigner } from '../../../platform/jose';
import { FlowFailure } from './report';

const STEP = 'request object';

/**
 * The key a request object is signed with (RFC 9101 §4): the client's private key when it authenticates with
 * private_key_jwt, as the provider then knows its public key from the client's JWK Set (jwks or jwks_uri), with the
 * key's algorithm (RS256, ES256, …); otherwise the client secret (HS256, RFC 7518 §3.2), which the provider shares.
 * `said` is the line that tells which, for stderr.
 */
export function requestObjectSigner(
  authentication: ClientAuthentication,
  profile: Profile,
  clientSecret: string
): { signer: RequestObjectSigner; said: string } {
  if (authentication === 'private_key_jwt') {
    const o = profile.oauth2;
    if (!o.assertionKey)
      throw new FlowFailure(
        STEP,
        "signing the request object needs the client's private key; give --private-key FILE."
      );
    let key: ReturnType<typeof signingKeyOf>;
    try {
      key = signingKeyOf({
        method: 'private_key_jwt',
        key: o.assertionKey,
        alg: o.assertionAlg,
        kid: o.assertionKeyId,
      });
    } catch (e) {
      if (e instanceof ProtocolError) throw new FlowFailure(STEP, e.message);
      throw e;
    }
    const sign: RequestObjectSigner['sign'] = async (header, payload) => {
      const signed = await joseSigner.signCompact(header, utf8Encode(JSON.stringify(payload)), key.key);
      if (!signed.ok) throw new FlowFailure(STEP, `signing with ${key.alg} and ${key.words} failed: ${signed.reason}`);
      return signed.jws;
    };
    return {
      signer: { alg: key.alg, kid: key.kid, key: key.words, sign },
      said: `Signed ${key.alg} with the client's private key (--private-key), as the client authenticates with private_key_jwt: the provider verifies it with the client's registered public key.`,
    };
  }
  if (!clientSecret)
    throw new FlowFailure(
      STEP,
      'signing the request object needs the client secret (HS256, RFC 7518 §3.2), or --client-auth private_key_jwt with --private-key FILE; give --client-secret.'
    );
  return {
    signer: { alg: 'HS256', key: 'the client secret (HMAC, RFC 7518 §3.2)', sign: secretJwsSigner(clientSecret) },
    said: `Signed HS256 with the client secret, as the client authenticates with ${authentication}, not private_key_jwt.`,
  };
}
