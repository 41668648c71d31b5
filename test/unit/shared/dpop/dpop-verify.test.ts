import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { generateDpopKey, joseVerifier } from '../../../../platform/jose';
import { accessTokenHash } from '../../../../shared/dpop/ath';
import { DPOP_ALGS, type DpopAlg, type DpopKey } from '../../../../shared/dpop/dpop-key';
import { htuOf } from '../../../../shared/dpop/htu';
import { DPOP_MISTAKES, type DpopMistakeId } from '../../../../shared/dpop/mistakes';
import { PLANTED_DPOP_MISTAKES, type PlantedDpopMistake } from '../../../../shared/dpop/planted-mistakes';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { jwkThumbprint } from '../../../../shared/dpop/thumbprint';
import type { DpopExpectations } from '../../../../shared/dpop/expectations';
import { verifyDpopProof } from '../../../../shared/dpop/verify';
import { base64UrlEncode } from '../../../../shared/encoding/base64';

/**
 * The verifier names a mistake planted on purpose, and only that one: 200 generated proofs, every algorithm, every
 * mistake of DPOP_MISTAKES. Proofs the builder cannot get wrong (a bad header, a missing claim) are signed here with
 * jose directly.
 */
const NOW = 1_750_000_000;
const keys = new Map<DpopAlg, { key: DpopKey; privateJwk: JWK }>();
let otherKey: DpopKey;

beforeAll(async () => {
  for (const alg of DPOP_ALGS) keys.set(alg, (await generateDpopKey(alg)) as never);
  otherKey = (await generateDpopKey('ES256')).key;
});

interface Case {
  readonly alg: DpopAlg;
  readonly mistake: DpopMistakeId;
  readonly method: string;
  readonly url: string;
  readonly token: string | null;
  readonly nonce: string | null;
}

const b64 = (o: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(o)));

/** A proof with exactly the case's mistake, and what the server expects. */
async function planted(c: Case): Promise<{ jwt: string; expect: DpopExpectations }> {
  const { key, privateJwk } = keys.get(c.alg)!;
  const thumbprint = jwkThumbprint(key.publicJwk, nodeCrypto);
  const expect: DpopExpectations = {
    method: c.method,
    url: c.url,
    accessToken: c.token,
    nonce: c.nonce,
    boundJkt: c.token ? thumbprint : null,
    nowSeconds: NOW,
    jtiSeen: () => c.mistake === 'jti-reused',
  };
  const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => NOW * 1000 } };
  const builderMistake = (PLANTED_DPOP_MISTAKES as readonly string[]).includes(c.mistake)
    ? (c.mistake as PlantedDpopMistake)
    : null;
  const built = await buildDpopProof(
    { key, method: c.method, url: c.url, accessToken: c.token, nonce: c.nonce, mistake: builderMistake },
    deps
  );
  const header = { ...built.header };
  const payload = { ...built.payload };
  const sign = (h: object, p: object, k: JWK | Uint8Array = privateJwk, alg = c.alg) =>
    new SignJWT(p as never).setProtectedHeader({ ...h, alg } as never).sign(k as never, { alg } as never);
  switch (c.mistake) {
    case 'not-a-jwt':
      return { jwt: built.jwt.split('.').slice(0, 2).join('.'), expect };
    case 'typ-wrong':
      return { jwt: await sign({ ...header, typ: 'JWT' }, payload), expect };
    case 'alg-none':
      return { jwt: `${b64({ ...header, alg: 'none' })}.${b64(payload)}.`, expect };
    case 'alg-symmetric':
      return { jwt: await sign(header, payload, new TextEncoder().encode('s'.repeat(32)), 'HS256' as never), expect };
    case 'alg-unsupported':
      return { jwt: built.jwt, expect: { ...expect, algorithms: DPOP_ALGS.filter((a) => a !== c.alg) } };
    case 'jwk-missing': {
      const { jwk: _jwk, ...rest } = header;
      return { jwt: await sign(rest, payload), expect: { ...expect, boundJkt: null } };
    }
    case 'jwk-private':
      return { jwt: await sign({ ...header, jwk: privateJwk }, payload), expect };
    case 'signature': {
      const forged = await otherKey.sign({ ...header, alg: 'ES256' }, payload);
      const [, , sig] = forged.split('.');
      const [h, p] = (await sign(header, payload)).split('.');
      // An ES256 signature under another key; for RSA and EdDSA keys, bytes of the wrong length and key.
      return { jwt: `${h}.${p}.${sig}`, expect };
    }
    case 'jti-missing':
    case 'htm-missing':
    case 'htu-missing':
    case 'iat-missing': {
      const { [c.mistake.split('-')[0]!]: _gone, ...rest } = payload;
      return { jwt: await sign(header, rest), expect };
    }
    case 'htu-wrong':
      return { jwt: await sign(header, { ...payload, htu: `${htuOf(c.url)}/other` }), expect };
    case 'jkt-mismatch':
      return { jwt: built.jwt, expect: { ...expect, boundJkt: jwkThumbprint(otherKey.publicJwk, nodeCrypto) } };
    default:
      return { jwt: built.jwt, expect };
  }
}

/** Mistakes that need an access token (ath) or a server nonce to exist at all. */
const NEEDS_TOKEN: readonly DpopMistakeId[] = ['ath-missing', 'ath-wrong', 'jkt-mismatch'];
const NEEDS_NONCE: readonly DpopMistakeId[] = ['nonce-missing', 'nonce-wrong'];

const caseArb = fc
  .record({
    alg: fc.constantFrom(...DPOP_ALGS),
    mistake: fc.constantFrom(...(Object.keys(DPOP_MISTAKES) as DpopMistakeId[])),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
    url: fc
      .tuple(
        fc.constantFrom('https://api.example', 'http://127.0.0.1:8080', 'https://RS.example:443'),
        fc.stringMatching(/^(\/[a-z0-9]{1,6}){0,3}$/),
        fc.option(fc.stringMatching(/^\?[a-z]=[a-z0-9]{1,4}$/), { nil: '' })
      )
      .map(([o, p, q]) => `${o}${p}${q}`),
    token: fc.option(fc.stringMatching(/^[A-Za-z0-9._~-]{8,40}$/), { nil: null }),
    nonce: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{8,24}$/), { nil: null }),
  })
  .map((c) => ({
    ...c,
    token: c.token ?? (NEEDS_TOKEN.includes(c.mistake) ? 'at-planted' : null),
    nonce: c.nonce ?? (NEEDS_NONCE.includes(c.mistake) ? 'server-nonce' : null),
  }));

describe('the DPoP verifier names each planted mistake (RFC 9449 §4.3)', () => {
  it('200 generated proofs, one mistake each, named alone with its section', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const { jwt, expect: e } = await planted(c);
        const v = await verifyDpopProof(jwt, e, nodeCrypto, joseVerifier);
        expect(v.mistakes.map((m) => m.id)).toEqual([c.mistake]);
        expect(v.mistakes[0]!.section).toBe(DPOP_MISTAKES[c.mistake].section);
        expect(v.ok).toBe(false);
      }),
      { numRuns: 200 }
    );
  });

  it('every mistake is planted at least once in a fixed sweep', async () => {
    for (const mistake of Object.keys(DPOP_MISTAKES) as DpopMistakeId[]) {
      const c: Case = {
        alg: 'ES256',
        mistake,
        method: 'POST',
        url: 'https://rs.example/r?x=1',
        token: 'at-1',
        nonce: 'n-1',
      };
      const { jwt, expect: e } = await planted(c);
      const v = await verifyDpopProof(jwt, e, nodeCrypto, joseVerifier);
      expect(
        v.mistakes.map((m) => m.id),
        mistake
      ).toEqual([mistake]);
    }
  });

  it('names the ath slip of hashing the scheme with the token', async () => {
    const { key } = keys.get('ES256')!;
    const jwt = await key.sign(
      { typ: 'dpop+jwt', alg: 'ES256', jwk: key.publicJwk },
      { jti: 'j', htm: 'GET', htu: 'https://rs.example/r', iat: NOW, ath: accessTokenHash('DPoP at-1', nodeCrypto) }
    );
    const v = await verifyDpopProof(jwt, { accessToken: 'at-1', nowSeconds: NOW }, nodeCrypto, joseVerifier);
    expect(v.mistakes.map((m) => m.id)).toEqual(['ath-wrong']);
    expect(v.mistakes[0]!.detail).toMatch(/hash of "DPoP <token>"/);
  });

  it('a proof made by jose alone, with another jti and iat form, has no mistake', async () => {
    const pair = await generateKeyPair('ES256');
    const jwk = await exportJWK(pair.publicKey);
    const jwt = await new SignJWT({ htm: 'POST', htu: 'https://as.example/token', jti: crypto.randomUUID() })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
      .setIssuedAt(NOW)
      .sign(pair.privateKey);
    const v = await verifyDpopProof(
      jwt,
      { method: 'POST', url: 'https://as.example/token', nowSeconds: NOW },
      nodeCrypto,
      joseVerifier
    );
    expect(v.mistakes).toEqual([]);
  });
});
