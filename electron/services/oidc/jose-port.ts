import { compactVerify, importJWK, errors } from 'jose';
import type { JosePort, Jwk } from '../../../shared/ports';

/**
 * The JOSE port backed by `jose` (WebCrypto under Node). The JWK's own `alg`, if any, is left out of the import:
 * whether the algorithm is acceptable is the trace's alg step, so this port answers only "does it verify".
 */
export const joseVerifier: JosePort = {
  async verifyCompact(jws, alg, key) {
    try {
      const material = key instanceof Uint8Array ? key : await importJWK(withoutAlg(key), alg);
      await compactVerify(jws, material, { algorithms: [alg] });
      return { ok: true };
    } catch (e) {
      if (e instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'the signature bytes do not match' };
      return { ok: false, reason: (e as Error).message };
    }
  },
};

function withoutAlg(jwk: Jwk): Record<string, unknown> {
  const { alg: _alg, ...rest } = jwk;
  return rest;
}
