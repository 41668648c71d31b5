import { CompactSign, compactVerify, errors, importJWK, importPKCS8 } from 'jose';
import type { JosePort, JoseSignPort, Jwk } from '../shared/ports';

/*
 * The one JOSE adapter, used by the app host (electron/) and the page (renderer/) alike. It lives in platform/,
 * beside them and not in either, because they never import each other and shared/ may not import a package that
 * performs crypto; `jose` runs on the WebCrypto that Node and the browser both have, so one file serves both
 * (test/unit/layers.test.ts: platform/ imports only shared/ and its packages, and both sides may import it).
 */

/**
 * The JOSE port on `jose`. Only public keys (from a JWKS) and, for HS*, the client secret reach it. The JWK's own
 * `alg`, if any, is left out of the import: whether the algorithm is acceptable is the trace's alg step (OIDC Core
 * §3.1.3.7 step 7), so this port answers only "does the signature verify".
 */
export const joseVerifier: JosePort = {
  async verifyCompact(jws, alg, key) {
    try {
      const material = key instanceof Uint8Array ? key : await importJWK(withoutAlg(key), alg);
      await compactVerify(jws, material, { algorithms: [alg] });
      return { ok: true };
    } catch (e) {
      return {
        ok: false,
        reason:
          e instanceof errors.JWSSignatureVerificationFailed
            ? 'the signature bytes do not match'
            : (e as Error).message,
      };
    }
  },
};

/**
 * The JOSE signing port on `jose`, for client assertions (RFC 7523 §2.2): a PKCS#8 PEM or private JWK imported for
 * the header's alg, or an HS* secret's bytes as they are. Any refusal of the library is the reason returned.
 */
export const joseSigner: JoseSignPort = {
  async signCompact(header, payload, key) {
    const alg = String(header.alg);
    try {
      const material =
        'secret' in key
          ? key.secret
          : 'pkcs8' in key
            ? await importPKCS8(key.pkcs8, alg)
            : await importJWK(withoutAlg(key.jwk), alg);
      const jws = await new CompactSign(payload).setProtectedHeader({ ...header, alg }).sign(material);
      return { ok: true, jws };
    } catch (e) {
      return { ok: false, reason: (e as Error).message };
    }
  },
};

function withoutAlg(jwk: Jwk): Record<string, unknown> {
  const { alg: _alg, ...rest } = jwk;
  return rest;
}
