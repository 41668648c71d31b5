import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { joseSigner } from '../../../../platform/jose';
import { PROTOCOL_ERROR } from '../../../../shared/errors';
import { buildClientAssertion, type ClientAssertionInput } from '../../../../shared/oauth2/client-assertion';

const AUD = 'https://as.example/token';
const ports = { random: nodeRandom, jose: joseSigner };
const now = Math.floor(Date.now() / 1000);
const base = { clientId: 'c1', audience: AUD, issuedAt: now };

const build = (input: Omit<ClientAssertionInput, 'clientId' | 'audience' | 'issuedAt'>) =>
  buildClientAssertion({ ...base, ...input }, ports);

describe('buildClientAssertion (RFC 7523 §2.2, §3; OIDC Core §9)', () => {
  it('client_secret_jwt: HS256 by default, the claims RFC 7523 §3 names, verified by jose with the secret', async () => {
    const secret = 'a-client-secret-of-at-least-thirty-two-bytes';
    const t = await build({ method: 'client_secret_jwt', key: secret });
    expect(t.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(t.claims).toMatchObject({ iss: 'c1', sub: 'c1', aud: AUD, iat: now, exp: now + 60 });
    expect(t.assertion).toBe(`${t.signingInput}.${t.signature}`);
    expect(t.key).not.toContain(secret);
    const { payload } = await jwtVerify(t.assertion, new TextEncoder().encode(secret), { audience: AUD });
    expect(payload.jti).toBe(t.claims.jti);
  });

  it('a fresh jti on every assertion, unless one is given to send again', async () => {
    const a = await build({ method: 'client_secret_jwt', key: 's' });
    const b = await build({ method: 'client_secret_jwt', key: 's' });
    expect(a.claims.jti).not.toBe(b.claims.jti);
    const again = await build({ method: 'client_secret_jwt', key: 's', jti: String(a.claims.jti) });
    expect(again.claims.jti).toBe(a.claims.jti);
  });

  it.each([
    ['RS256', 'RSA', {}],
    ['PS256', 'RSA', {}],
    ['ES256', 'EC P-256', { crv: 'P-256' }],
    ['ES384', 'EC P-384', { crv: 'P-384' }],
    ['ES512', 'EC P-521', { crv: 'P-521' }],
    ['EdDSA', 'Ed25519', { crv: 'Ed25519' }],
  ] as const)('private_key_jwt with %s from a PEM and from a JWK (kid taken from it)', async (alg, kind, options) => {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, ...options });
    const pem = await exportPKCS8(privateKey);
    const fromPem = await build({ method: 'private_key_jwt', key: pem, alg });
    expect(fromPem.header).toEqual({ alg, typ: 'JWT' });
    expect(fromPem.key).toContain(`${kind} private key (PKCS#8 PEM, no kid`);
    expect(fromPem.key).not.toContain('BEGIN');
    await jwtVerify(fromPem.assertion, publicKey, { audience: AUD });

    const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'k-1' });
    const fromJwk = await build({ method: 'private_key_jwt', key: jwk, alg: alg === 'PS256' ? alg : null });
    expect(fromJwk.header).toEqual({ alg, typ: 'JWT', kid: 'k-1' });
    await jwtVerify(fromJwk.assertion, publicKey, { audience: AUD });
  });

  it("a kid given overrides the JWK's", async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'from-file' });
    const t = await build({ method: 'private_key_jwt', key: jwk, kid: 'given' });
    expect(t.header.kid).toBe('given');
  });

  it.each([
    [
      'an alg that does not fit the key',
      'ES256',
      'rsa',
      PROTOCOL_ERROR.ALG_KEY_MISMATCH,
      /ES256 does not fit the key: it is an RSA key/,
    ],
    ['an unknown alg', 'XS256', 'rsa', PROTOCOL_ERROR.ALG_KEY_MISMATCH, /not a signing algorithm/],
    ['a public JWK', null, 'public', PROTOCOL_ERROR.INVALID_PRIVATE_KEY, /public key \(no "d"\)/],
    [
      'a PKCS#1 PEM',
      null,
      '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----',
      PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
      /PKCS#8/,
    ],
    ['text that is no key', null, 'hello', PROTOCOL_ERROR.INVALID_PRIVATE_KEY, /neither a PKCS#8 PEM/],
    ['broken JSON', null, '{"kty":', PROTOCOL_ERROR.INVALID_PRIVATE_KEY, /does not parse/],
  ])('refuses %s, saying what is expected', async (_what, alg, keyText, code, message) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const key =
      keyText === 'rsa'
        ? await exportPKCS8(privateKey)
        : keyText === 'public'
          ? JSON.stringify(await exportJWK(publicKey))
          : keyText;
    await expect(build({ method: 'private_key_jwt', key, alg })).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    });
  });

  it('client_secret_jwt refuses an asymmetric alg and an empty secret', async () => {
    await expect(build({ method: 'client_secret_jwt', key: 's', alg: 'RS256' })).rejects.toMatchObject({
      code: PROTOCOL_ERROR.ALG_KEY_MISMATCH,
    });
    await expect(build({ method: 'client_secret_jwt', key: '' })).rejects.toMatchObject({
      code: PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
    });
  });
});
