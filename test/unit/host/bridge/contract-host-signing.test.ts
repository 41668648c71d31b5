import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contractHarness, HOST_SIGNING_METHODS } from './contract-harness';

/**
 * The contract's methods that sign or verify in the host, so a private key never meets the page (RSA verification,
 * client assertions, request objects, DPoP keys and proofs), through both transports as contract.test.ts does.
 */
for (const kind of ['IPC', 'web host'] as const) {
  describe(`bridge contract over ${kind}: signing in the host`, () => {
    const h = contractHarness(kind);
    const { call, value, succeeded } = h;

    it("checks an RSA signature for the page with the consumer's public key, and refuses a key it cannot read", async () => {
      const keys = generateKeyPairSync('rsa', {
        modulusLength: 1024,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const signature = sign('sha1', Buffer.from('GET&a&b'), keys.privateKey).toString('base64');
      expect(
        await value('rsaVerify', {
          method: 'RSA-SHA1',
          publicKeyPem: keys.publicKey,
          signature,
          baseStrings: ['GET&a&c', 'GET&a&b'],
        })
      ).toEqual({ matches: [false, true] });
      expect(
        await call('rsaVerify', { method: 'RSA-SHA1', publicKeyPem: 'x', signature, baseStrings: ['GET&a&b'] })
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/^The RSA public key could not be read/) },
      });
    });

    it('signs a client assertion in the host (RFC 7523 §2.2), a fresh jti each time; a bad alg comes back coded', async () => {
      const input = {
        method: 'client_secret_jwt',
        clientId: 'c1',
        key: 'a-secret',
        alg: null,
        kid: null,
        audience: 'https://as.example/token',
      };
      const a = await value<{ header: object; claims: { jti: string; aud: string } }>('clientAssertion', input);
      const b = await value<{ claims: { jti: string } }>('clientAssertion', input);
      expect(a.header).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(a.claims.aud).toBe('https://as.example/token');
      expect(a.claims.jti).not.toBe(b.claims.jti);
      expect(await call('clientAssertion', { ...input, alg: 'RS256' })).toMatchObject({
        ok: false,
        error: { code: 'alg_key_mismatch', message: expect.stringMatching(/^RS256 does not fit client_secret_jwt/) },
      });
    });

    it('signs a request object in the host (RFC 9101 §4) with the client key, a fresh jti each time; a bad key comes back coded', async () => {
      const input = {
        params: [
          ['client_id', 'c1'],
          ['response_type', 'code'],
        ],
        clientId: 'c1',
        audience: 'https://as.example',
        key: { method: 'client_secret_jwt', key: 'a-secret', alg: 'HS256', kid: null },
      };
      const a = await value<{ header: object; claims: Record<string, unknown>; trace: { part: string }[] }>(
        'requestObjectSign',
        input
      );
      const b = await value<{ claims: { jti: string } }>('requestObjectSign', input);
      expect(a.header).toEqual({ alg: 'HS256', typ: 'oauth-authz-req+jwt' });
      expect(a.claims).toMatchObject({ iss: 'c1', aud: 'https://as.example', client_id: 'c1', response_type: 'code' });
      expect(a.claims.jti).not.toBe(b.claims.jti);
      expect(JSON.stringify(a.trace)).not.toContain('a-secret');
      expect(
        await call('requestObjectSign', {
          ...input,
          key: { ...input.key, method: 'private_key_jwt', key: 'not a key' },
        })
      ).toMatchObject({ ok: false, error: { code: 'invalid_private_key' } });
    });

    it('makes and reads a DPoP key in the host, and signs only DPoP proofs of it (RFC 9449 §4.2)', async () => {
      const made = await value<{ key: string; alg: string; publicJwk: Record<string, unknown>; thumbprint: string }>(
        'dpopKey',
        { key: '', alg: null }
      );
      expect(made.alg).toBe('ES256');
      expect(made.publicJwk).not.toHaveProperty('d');
      expect(JSON.parse(made.key)).toHaveProperty('d');
      expect(made.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const read = await value<{ thumbprint: string; key: string }>('dpopKey', { key: made.key, alg: null });
      expect(read).toMatchObject({ thumbprint: made.thumbprint, key: made.key });
      const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: made.publicJwk };
      const payload = { htm: 'POST', htu: 'https://as.example/token', iat: 1, jti: 'j1' };
      const { jws } = await value<{ jws: string }>('dpopSign', { key: made.key, alg: null, header, payload });
      const [h, p] = jws
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as object);
      expect([h, p]).toEqual([header, payload]);
      const other = await value<{ publicJwk: object }>('dpopKey', { key: '', alg: 'EdDSA' });
      for (const [bad, why] of [
        [{ ...header, typ: 'JWT' }, 'its typ is "JWT", not dpop+jwt (RFC 9449 §4.2)'],
        [{ ...header, jwk: other.publicJwk }, "its header's jwk is not this key's public key"],
        [{ ...header, alg: 'RS256' }, 'its alg is "RS256", but the key signs with ES256'],
      ] as const)
        expect(await call('dpopSign', { key: made.key, alg: null, header: bad, payload })).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', message: `Not signed as a DPoP proof: ${why}.` },
        });
      expect(await call('dpopKey', { key: 'not a key', alg: null })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/^The DPoP key: the key file is neither/) },
      });
    });

    it('has exercised every method that signs in the host', () => {
      expect(HOST_SIGNING_METHODS.filter((m) => !succeeded.has(m))).toEqual([]);
    });
  });
}
