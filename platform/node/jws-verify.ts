import { constants, createPublicKey, verify } from 'node:crypto';
import type { Jwk, JwsVerification } from '../../shared/ports';

/**
 * A compact JWS checked with one public JWK on node:crypto, synchronously: the mock answers each request in one
 * synchronous pass (router.ts), where the JOSE port (platform/jose.ts) is asynchronous as WebCrypto is. The
 * algorithms are those of RFC 7518 §3.3–3.5 (https://www.rfc-editor.org/rfc/rfc7518#section-3.3) at SHA-256 and
 * EdDSA (RFC 8037 §3.1): ECDSA signatures are R||S (ieee-p1363), PSS salts are the hash's length.
 */
export function verifyJwsSync(jws: string, alg: string, jwk: Jwk): JwsVerification {
  const [h, p, s] = jws.split('.');
  if (h === undefined || p === undefined || s === undefined) return { ok: false, reason: 'not a compact JWS' };
  const data = Buffer.from(`${h}.${p}`, 'ascii');
  const signature = Buffer.from(s, 'base64url');
  try {
    const key = createPublicKey({ key: jwk as never, format: 'jwk' });
    const expected = { ES256: 'ec', RS256: 'rsa', PS256: 'rsa', EdDSA: 'ed25519' }[alg];
    if (!expected) return { ok: false, reason: `alg ${alg} is not verified here` };
    if (key.asymmetricKeyType !== expected)
      return { ok: false, reason: `alg ${alg} needs a ${expected} key; the jwk is ${key.asymmetricKeyType}` };
    const ok =
      alg === 'EdDSA'
        ? verify(null, data, key, signature)
        : verify(
            'sha256',
            data,
            alg === 'ES256'
              ? { key, dsaEncoding: 'ieee-p1363' }
              : alg === 'PS256'
                ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }
                : key,
            signature
          );
    return ok ? { ok: true } : { ok: false, reason: 'the signature bytes do not match' };
  } catch (e) {
    return { ok: false, reason: `the jwk is not a usable public key: ${(e as Error).message}` };
  }
}
