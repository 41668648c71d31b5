import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { joseVerifier } from '../../../../platform/jose';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { leftHalfHash, traceIdToken, type IdTokenExpectations } from '../../../../shared/oidc';

/** The id_token trace with tokens signed here by jose, for every algorithm the trace names. */
const NOW = 1_700_000_000_000;
const base = (over: Partial<IdTokenExpectations> = {}): IdTokenExpectations => ({
  issuer: 'https://op.example',
  issuerSource: 'the test',
  clientId: 'rp',
  nonce: 'n-1',
  jwksUri: 'https://op.example/jwks',
  now: NOW,
  clockSkewSeconds: 60,
  ...over,
});
const claims = {
  iss: 'https://op.example',
  aud: 'rp',
  sub: 'alice',
  nonce: 'n-1',
  iat: NOW / 1000 - 10,
  exp: NOW / 1000 + 300,
};
const failedIds = (t: { steps: readonly { id: string; status: string }[] }) =>
  t.steps.filter((s) => s.status === 'failed').map((s) => s.id);

async function keyed(alg: string, kid = `${alg}-1`) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig' };
  const sign = (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new SignJWT(payload).setProtectedHeader({ alg, kid, ...header }).sign(privateKey);
  return { jwk, sign };
}
const deps = (...sets: JWK[][]) => {
  let calls = 0;
  return {
    jose: joseVerifier,
    crypto: nodeCrypto,
    fetchJwks: async (url: string) => ({
      body: { keys: sets[Math.min(calls++, sets.length - 1)] },
      url,
      redirects: [],
    }),
    calls: () => calls,
  };
};

describe('id_token trace', () => {
  for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA']) {
    it(`${alg}: every step passes, and a token signed by another key fails only the signature step`, async () => {
      const k = await keyed(alg);
      const ok = await traceIdToken(await k.sign(claims), base(), deps([k.jwk]));
      expect(failedIds(ok)).toEqual([]);
      const other = await keyed(alg);
      const forged = await traceIdToken(await other.sign(claims), base(), deps([k.jwk]));
      expect(failedIds(forged)).toEqual(['signature']);
    });
  }

  it('HS256 is keyed with the client secret; without it the key step says so', async () => {
    const secret = 'a-client-secret-of-at-least-thirty-two-bytes';
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
    expect(failedIds(await traceIdToken(token, base({ clientSecret: secret }), deps([])))).toEqual([]);
    expect(failedIds(await traceIdToken(token, base({ clientSecret: `${secret}x` }), deps([])))).toEqual(['signature']);
    const none = await traceIdToken(token, base(), deps([]));
    expect(none.steps.find((s) => s.id === 'key')!.detail).toContain('keyed with the client secret');
  });

  it('an unknown kid is fetched again once: a rotated-in key is then found', async () => {
    const old = await keyed('RS256', 'old');
    const fresh = await keyed('RS256', 'new');
    const d = deps([old.jwk], [old.jwk, fresh.jwk]);
    const t = await traceIdToken(await fresh.sign(claims), base(), d);
    expect(failedIds(t)).toEqual([]);
    expect(d.calls()).toBe(2);
    expect(t.steps.find((s) => s.id === 'key')!.detail).toContain('JWKS re-fetched (2 keys)');
  });

  it('names why no key or several keys fit', async () => {
    const a = await keyed('RS256', 'a');
    const b = await keyed('RS256', 'b');
    const noKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .sign((await generateKeyPair('RS256')).privateKey);
    const several = await traceIdToken(noKid, base(), deps([a.jwk, b.jwk]));
    expect(several.steps.find((s) => s.id === 'key')!.detail).toContain(
      '2 RSA keys fit alg RS256; with several keys a kid is required'
    );
    const ec = await keyed('ES256', 'a');
    const wrongType = await traceIdToken(await a.sign(claims), base(), deps([ec.jwk]));
    expect(wrongType.steps.find((s) => s.id === 'key')!.detail).toContain('does not fit alg RS256');
  });

  it('alg none is refused, registered and discovered algorithms are enforced', async () => {
    const k = await keyed('RS256');
    const token = await k.sign(claims);
    expect(failedIds(await traceIdToken(token, base({ registeredAlg: 'ES256' }), deps([k.jwk])))).toEqual(['alg']);
    expect(failedIds(await traceIdToken(token, base({ allowedAlgs: ['ES256'] }), deps([k.jwk])))).toEqual(['alg']);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${token.split('.')[1]}.`;
    const t = await traceIdToken(unsigned, base(), deps([k.jwk]));
    expect(failedIds(t)).toEqual(['alg']);
    expect(t.steps.find((s) => s.id === 'signature')!.status).toBe('skipped');
  });

  it('alg none is accepted from a client that registered none (OIDC Core §3.1.3.7 item 7), only unsigned', async () => {
    const k = await keyed('RS256');
    const token = await k.sign(claims);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${token.split('.')[1]}.`;
    const registered = base({ registeredAlg: 'none', allowedAlgs: ['RS256', 'none'] });
    const t = await traceIdToken(unsigned, registered, deps([k.jwk]));
    expect(failedIds(t)).toEqual([]);
    expect(t.steps.find((s) => s.id === 'alg')!.detail).toContain('registered none');
    expect(t.steps.find((s) => s.id === 'decode')!.detail).toMatch(
      /^An unsigned JWT \(Unsecured JWS, RFC 7515 §A\.5\)/
    );
    expect(t.steps.find((s) => s.id === 'signature')!.status).toBe('skipped');
    // A signature under an unsigned header is not an Unsecured JWS (RFC 7515 §A.5): refused.
    expect(failedIds(await traceIdToken(`${unsigned}c2ln`, registered, deps([k.jwk])))).toEqual(['alg']);
    // Registered none, a signed token: the registration is what the client expects (OIDC Registration §2).
    expect(failedIds(await traceIdToken(token, registered, deps([k.jwk])))).toEqual(['alg']);
  });

  it('claims: skew allowance on exp and iat, azp with several audiences, nonce sent but absent', async () => {
    const k = await keyed('RS256');
    const run = async (payload: Record<string, unknown>, over: Partial<IdTokenExpectations> = {}) =>
      traceIdToken(await k.sign(payload), base(over), deps([k.jwk]));
    expect(failedIds(await run({ ...claims, exp: NOW / 1000 - 59 }))).toEqual([]);
    expect(failedIds(await run({ ...claims, exp: NOW / 1000 - 61 }))).toEqual(['exp']);
    expect(failedIds(await run({ ...claims, iat: NOW / 1000 + 120 }))).toEqual(['iat']);
    expect(failedIds(await run({ ...claims, aud: ['rp', 'api'] }))).toEqual(['azp']);
    expect(failedIds(await run({ ...claims, aud: ['rp', 'api'], azp: 'rp' }))).toEqual([]);
    expect(failedIds(await run({ ...claims, aud: 'rp', azp: 'other' }))).toEqual(['azp']);
    const { nonce: _n, ...noNonce } = claims;
    expect(failedIds(await run(noNonce))).toEqual(['nonce']);
    expect(failedIds(await run(claims, { nonce: null }))).toEqual(['nonce']);
  });

  it('at_hash and c_hash bind the token to the access token and code (OIDC Core Appendix A.3 / A.4 values)', async () => {
    // The published example: access_token jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y has at_hash 77QmUPtjPfzWtF2AnpK9RQ.
    expect(leftHalfHash('SHA-256', 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', nodeCrypto)).toBe(
      '77QmUPtjPfzWtF2AnpK9RQ'
    );
    expect(leftHalfHash('SHA-256', 'Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk', nodeCrypto)).toBe(
      'LDktKdoQak3Pk0cnXxCltA'
    );
    const k = await keyed('RS256');
    const token = await k.sign({ ...claims, at_hash: '77QmUPtjPfzWtF2AnpK9RQ', c_hash: 'LDktKdoQak3Pk0cnXxCltA' });
    const t = await traceIdToken(
      token,
      base({
        accessToken: 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y',
        code: 'Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk',
      }),
      deps([k.jwk])
    );
    expect(t.steps.filter((s) => s.id === 'at_hash' || s.id === 'c_hash').map((s) => s.status)).toEqual([
      'passed',
      'passed',
    ]);
    expect(failedIds(await traceIdToken(token, base({ accessToken: 'another' }), deps([k.jwk])))).toEqual(['at_hash']);
  });

  it('a token that cannot be decoded fails decode and marks every other step as not checked', async () => {
    for (const bad of ['abc.def', 'a.b.c.d.e', `${Buffer.from('not json').toString('base64url')}.e30.`]) {
      const t = await traceIdToken(bad, base(), deps([]));
      expect(failedIds(t)).toEqual(['decode']);
      expect(t.steps.slice(1).every((s) => s.status === 'skipped')).toBe(true);
    }
    expect((await traceIdToken('a.b.c.d.e', base(), deps([]))).steps[0]!.detail).toContain('encrypted JWT (JWE');
  });
});
