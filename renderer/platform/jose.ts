import { compactVerify, errors, importJWK } from 'jose';
import type { JosePort, Jwk } from '../../shared/ports';

/**
 * The page's JOSE port: `jose` on the browser's WebCrypto. Only public keys (from a JWKS) and, for HS*, the client
 * secret the user typed reach it. As in the host's port, the JWK's own `alg` is left out: the trace's alg step
 * judges the algorithm, this port only says whether the signature verifies.
 */
export const browserJose: JosePort = {
  async verifyCompact(jws, alg, key) {
    try {
      const { alg: _alg, ...jwk } = key instanceof Uint8Array ? { alg: undefined } : (key as Jwk);
      await compactVerify(jws, key instanceof Uint8Array ? key : await importJWK(jwk, alg), { algorithms: [alg] });
      return { ok: true };
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWSSignatureVerificationFailed ? 'the signature bytes do not match' : (e as Error).message };
    }
  },
};
