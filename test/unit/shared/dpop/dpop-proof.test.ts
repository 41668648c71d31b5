import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { generateDpopKey, importDpopKey, joseVerifier } from '../../../../platform/jose';
import { accessTokenHash } from '../../../../shared/dpop/ath';
import { DPOP_ALGS } from '../../../../shared/dpop/dpop-key';
import { htuOf } from '../../../../shared/dpop/htu';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { jwkThumbprint } from '../../../../shared/dpop/thumbprint';
import { verifyDpopProof } from '../../../../shared/dpop/verify';

const NOW = 1_750_000_000_000;
const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => NOW } };

describe('DPoP proofs (RFC 9449 §4.2)', () => {
  it.each(DPOP_ALGS)('%s: header, claims, trace and thumbprint, verified by the verifier', async (alg) => {
    const { key } = await generateDpopKey(alg);
    const p = await buildDpopProof(
      { key, method: 'get', url: 'HTTPS://API.Example:443/r/x?q=1#frag', accessToken: 'tok-1', nonce: 'n-1' },
      deps
    );
    expect(p.header).toEqual({ typ: 'dpop+jwt', alg, jwk: key.publicJwk });
    expect(p.payload).toMatchObject({
      htm: 'GET',
      htu: 'https://api.example/r/x',
      iat: NOW / 1000,
      ath: accessTokenHash('tok-1', nodeCrypto),
      nonce: 'n-1',
    });
    expect(p.payload.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(p.thumbprint).toBe(await calculateJwkThumbprint(key.publicJwk as never));
    expect(p.trace.map((t) => t.part)).toEqual([
      'header.typ',
      'header.alg',
      'header.jwk',
      'jti',
      'htm',
      'htu',
      'iat',
      'ath',
      'nonce',
    ]);
    expect(p.trace.every((t) => t.section.startsWith('RFC 9449 §'))).toBe(true);
    const v = await verifyDpopProof(
      p.jwt,
      {
        method: 'GET',
        url: 'https://api.example/r/x?q=1',
        accessToken: 'tok-1',
        nonce: 'n-1',
        boundJkt: p.thumbprint,
        nowSeconds: NOW / 1000,
        jtiSeen: () => false,
      },
      nodeCrypto,
      joseVerifier
    );
    expect(v.mistakes).toEqual([]);
    expect(v.checks.filter((c) => c.status === 'skipped')).toEqual([]);
  });

  it('leaves ath out on the token endpoint, and the nonce before the server sent one', async () => {
    const { key } = await generateDpopKey('ES256');
    const p = await buildDpopProof({ key, method: 'POST', url: 'http://127.0.0.1:9/token' }, deps);
    expect(Object.keys(p.payload).sort()).toEqual(['htm', 'htu', 'iat', 'jti']);
  });

  it('a key file: a private JWK or a PKCS#8 PEM, for each algorithm; the header gets the public key only', async () => {
    for (const alg of DPOP_ALGS) {
      const pair = await generateKeyPair(alg, { extractable: true });
      const jwk = await exportJWK(pair.privateKey);
      const pub = await exportJWK(pair.publicKey);
      for (const text of [JSON.stringify(jwk), await exportPKCS8(pair.privateKey)]) {
        const key = await importDpopKey(text, alg === 'PS256' ? 'PS256' : undefined);
        expect(key.alg).toBe(alg);
        expect(key.publicJwk).toEqual(pub);
      }
    }
  });

  it('refuses a key file that is not a private key, saying what it expects', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    await expect(importDpopKey(JSON.stringify(await exportJWK(pair.publicKey)))).rejects.toThrow(/no private member d/);
    await expect(importDpopKey('hello')).rejects.toThrow(/neither a private JWK .* nor a PKCS#8 PEM/);
    await expect(importDpopKey('{nope')).rejects.toThrow(/not JSON/);
  });

  it('the thumbprint is RFC 7638 §3.1 and htu drops query and fragment with the default port', () => {
    // RFC 7638 §3.1's example key.
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(jwkThumbprint({ kty: 'RSA', n, e: 'AQAB', alg: 'RS256', kid: '2011-04-29' }, nodeCrypto)).toBe(
      'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs'
    );
    expect(htuOf('HTTP://Host:80/a%2Fb?x=1#f')).toBe('http://host/a%2Fb');
  });
});
