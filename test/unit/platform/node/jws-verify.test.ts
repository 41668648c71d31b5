import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyJwsSync } from '../../../../platform/node/jws-verify';
import { DPOP_ALGS } from '../../../../shared/dpop/dpop-key';
import type { Jwk } from '../../../../shared/ports';

/** The mock's synchronous JWS check (node:crypto) agrees with jose for every DPoP algorithm. */
describe('verifyJwsSync', () => {
  it.each(DPOP_ALGS)(
    '%s: a jose signature verifies; another key, a changed payload and a wrong key type fail',
    async (alg) => {
      const pair = await generateKeyPair(alg);
      const other = await generateKeyPair(alg);
      const jwk = (await exportJWK(pair.publicKey)) as Jwk;
      const jws = await new CompactSign(new TextEncoder().encode('{"a":1}'))
        .setProtectedHeader({ alg })
        .sign(pair.privateKey);
      expect(verifyJwsSync(jws, alg, jwk)).toEqual({ ok: true });
      expect(verifyJwsSync(jws, alg, (await exportJWK(other.publicKey)) as Jwk)).toEqual({
        ok: false,
        reason: 'the signature bytes do not match',
      });
      const [h, , s] = jws.split('.');
      expect(verifyJwsSync(`${h}.${Buffer.from('{"a":2}').toString('base64url')}.${s}`, alg, jwk).ok).toBe(false);
      const wrongType = alg === 'ES256' ? 'RS256' : 'ES256';
      expect(verifyJwsSync(jws, wrongType, jwk)).toMatchObject({
        ok: false,
        reason: expect.stringContaining(`alg ${wrongType} needs`),
      });
    }
  );

  it('a JWK that is no key is a failure with its reason, never a throw', () => {
    expect(verifyJwsSync('a.b.c', 'ES256', { kty: 'EC', crv: 'P-256', x: 'AA' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the jwk is not a usable public key'),
    });
  });
});
