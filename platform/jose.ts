import {
  CompactSign,
  compactVerify,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CompactJWSHeaderParameters,
  type JWK,
} from 'jose';
import { isDpopAlg, type DpopAlg, type DpopKey } from '../shared/dpop/dpop-key';
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

type SigningKey = Parameters<CompactSign['sign']>[0];

/** The DPoP key on `jose`: its private CryptoKey stays here; shared/ sees the public JWK and a signer. */
function dpopKeyOf(alg: DpopAlg, privateKey: SigningKey, publicJwk: Jwk): DpopKey {
  return {
    alg,
    publicJwk,
    sign: (header, payload) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader(header as CompactJWSHeaderParameters)
        .sign(privateKey),
  };
}

/** A new DPoP key pair (RFC 9449 §4.2), extractable so it can be saved; EdDSA on Ed25519. */
export async function generateDpopKey(alg: DpopAlg): Promise<{ key: DpopKey; privateJwk: Jwk }> {
  const pair = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
  const privateJwk = (await exportJWK(pair.privateKey)) as Jwk;
  return { key: dpopKeyOf(alg, pair.privateKey, publicOnly(privateJwk)), privateJwk };
}

/**
 * A DPoP key read from a file's text: a private JWK (JSON with `d`) or a PKCS#8 PEM (`BEGIN PRIVATE KEY`). The
 * algorithm is the JWK's `alg`, else `alg` when given, else the key type's usual one (EC: ES256, OKP: EdDSA, RSA:
 * RS256). Errors say what the text is and what is expected.
 */
export async function importDpopKey(text: string, alg?: DpopAlg): Promise<DpopKey> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let jwk: Record<string, unknown>;
    try {
      jwk = JSON.parse(trimmed) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`the key file is not JSON: ${(e as Error).message}; expected a private JWK or a PKCS#8 PEM.`, {
        cause: e,
      });
    }
    if (typeof jwk.d !== 'string')
      throw new Error('the JWK has no private member d; a DPoP key file holds the private key.');
    const chosen = alg ?? (isDpopAlg(jwk.alg) ? jwk.alg : defaultAlg(jwk.kty));
    const privateKey = await importJWK(jwk as JWK, chosen);
    return dpopKeyOf(chosen, privateKey, publicOnly(jwk as Jwk));
  }
  if (!trimmed.includes('-----BEGIN PRIVATE KEY-----'))
    throw new Error(
      'the key file is neither a private JWK (JSON) nor a PKCS#8 PEM (-----BEGIN PRIVATE KEY-----); convert an EC or RSA key with: openssl pkcs8 -topk8 -nocrypt -in key.pem'
    );
  const probe = await importPKCS8(trimmed, 'RS256', { extractable: true }).catch(() => null);
  const kty = probe
    ? 'RSA'
    : await importPKCS8(trimmed, 'ES256', { extractable: true }).then(
        () => 'EC',
        () => 'OKP'
      );
  const chosen = alg ?? defaultAlg(kty);
  const privateKey = await importPKCS8(trimmed, chosen, { extractable: true });
  return dpopKeyOf(chosen, privateKey, publicOnly((await exportJWK(privateKey)) as Jwk));
}

function defaultAlg(kty: unknown): DpopAlg {
  if (kty === 'EC') return 'ES256';
  if (kty === 'OKP') return 'EdDSA';
  if (kty === 'RSA') return 'RS256';
  throw new Error(`a DPoP key is EC (P-256), RSA or OKP (Ed25519); this one has kty ${JSON.stringify(kty)}.`);
}

const publicOnly = (jwk: Jwk): Jwk => {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined)) as Jwk;
};
