import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_TOKEN_FAULTS } from '../../../../shared/oidc/mock-switches';
import { validateIdToken } from '../../../support/validate-id-token';
import { DEFAULT_CLOCK_SKEW_SECONDS, type IdTokenTrace } from '../../../../shared/oidc';
import { C, Harness } from '../../mock-provider/helpers';
import { codeGrant } from './oidc-mock-session';

/**
 * Each fault switch of the mock makes exactly its step of the client's id_token trace fail, over real sockets:
 * the mock issues the token, the client fetches the JWKS and validates.
 */
const EXPECTED_STEP: Record<Exclude<(typeof ID_TOKEN_FAULTS)[number], 'off'>, string> = {
  'wrong-alg': 'alg',
  'alg-none': 'alg',
  expired: 'exp',
  'wrong-aud': 'aud',
  'wrong-nonce': 'nonce',
  'missing-nonce': 'nonce',
  'unknown-kid': 'key',
  'rotated-key': 'key',
  'bad-at-hash': 'at_hash',
  'iss-mismatch': 'iss',
  'bad-signature': 'signature',
};

const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());

async function issueAndValidate(alg: 'RS256' | 'ES256' = 'RS256'): Promise<IdTokenTrace> {
  const { body, nonce } = await codeGrant(h);
  expect(typeof body.id_token).toBe('string');
  const discovery = JSON.parse((await h.send({ path: '/.well-known/openid-configuration' })).body) as Record<
    string,
    unknown
  >;
  return validateIdToken(body.id_token as string, {
    issuer: h.base,
    issuerSource: 'the mock',
    clientId: C.client.id,
    clientSecret: C.client.secret,
    registeredAlg: alg,
    allowedAlgs: discovery.id_token_signing_alg_values_supported as string[],
    jwksUri: discovery.jwks_uri as string,
    nonce,
    accessToken: body.access_token as string,
    now: Date.now(),
    clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
  });
}

const failedSteps = (t: IdTokenTrace) => t.steps.filter((s) => s.status === 'failed').map((s) => s.id);

describe('id_token faults pair with the trace steps', () => {
  it('with no fault, every step passes for RS256 and ES256, and at_hash is checked', async () => {
    await h.settings({ switches: { idTokenFault: 'off', idTokenAlg: 'RS256' } });
    const rs = await issueAndValidate('RS256');
    expect(failedSteps(rs)).toEqual([]);
    expect(rs.valid).toBe(true);
    expect(rs.steps.find((s) => s.id === 'at_hash')!.status).toBe('passed');
    expect(rs.steps.find((s) => s.id === 'nonce')!.status).toBe('passed');
    expect(rs.header!.alg).toBe('RS256');
    await h.settings({ switches: { idTokenAlg: 'ES256' } });
    const es = await issueAndValidate('ES256');
    expect(failedSteps(es)).toEqual([]);
    expect(es.header!.alg).toBe('ES256');
    await h.settings({ switches: { idTokenAlg: 'RS256' } });
  });

  for (const [fault, step] of Object.entries(EXPECTED_STEP)) {
    it(`${fault} fails exactly the ${step} step, with a cause`, async () => {
      await h.settings({ switches: { idTokenFault: fault } });
      try {
        const trace = await issueAndValidate();
        expect(failedSteps(trace)).toEqual([step]);
        expect(trace.valid).toBe(false);
        expect(trace.steps.find((s) => s.id === step)!.detail.length).toBeGreaterThan(20);
        // Every step still ran: the trace has all sixteen, in order.
        expect(trace.steps.map((s) => s.id)).toEqual([
          'decode',
          'typ',
          'alg',
          'key',
          'signature',
          'iss',
          'sub',
          'aud',
          'azp',
          'exp',
          'iat',
          'nbf',
          'nonce',
          'auth_time',
          'at_hash',
          'c_hash',
        ]);
      } finally {
        await h.settings({ switches: { idTokenFault: 'off' } });
      }
    });
  }

  it('a known kid needs one JWKS fetch; an unknown kid makes the client fetch it once more, and no more', async () => {
    const trace = await issueAndValidate();
    expect(trace.steps.find((s) => s.id === 'key')!.detail).toMatch(/^JWKS fetched \(\d keys\)\. The header's kid/);
    expect(trace.steps.find((s) => s.id === 'key')!.detail).not.toContain('re-fetched');
    const unknown = await (async () => {
      await h.settings({ switches: { idTokenFault: 'unknown-kid' } });
      try {
        return await issueAndValidate();
      } finally {
        await h.settings({ switches: { idTokenFault: 'off' } });
      }
    })();
    const key = unknown.steps.find((s) => s.id === 'key')!;
    expect(key.detail).toContain('JWKS re-fetched');
    expect(key.detail).toContain('after one re-fetch');
  });

  it('a key rotation keeps the previous keys published and signs with the new one', async () => {
    const before = (JSON.parse((await h.send({ path: '/oidc/jwks' })).body) as { keys: { kid: string }[] }).keys.map(
      (k) => k.kid
    );
    const rotated = await h.admin('POST', '/_mock/oidc/rotate-keys');
    expect(rotated.status).toBe(200);
    const after = (JSON.parse((await h.send({ path: '/oidc/jwks' })).body) as { keys: { kid: string }[] }).keys.map(
      (k) => k.kid
    );
    expect(after.slice(2)).toEqual(before.slice(0, 2));
    expect(after.slice(0, 2).some((k) => before.includes(k))).toBe(false);
    const trace = await issueAndValidate();
    expect(failedSteps(trace)).toEqual([]);
    expect(trace.header!.kid).toBe(after[0]);
    expect(
      (
        await h.send({
          method: 'POST',
          path: '/_mock/oidc/rotate-keys',
          headers: { 'content-type': 'text/plain' },
          body: '',
        })
      ).status
    ).toBe(415);
  });
});
