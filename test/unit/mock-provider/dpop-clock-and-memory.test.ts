import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { generateDpopKey } from '../../../platform/jose';
import type { DpopKey } from '../../../shared/dpop/dpop-key';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { C, codeParams, getCode, Harness, json, tokenRequest, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * The mock's DPoP proof checks against the time a client can know, over real sockets: a proof's iat is judged by the
 * real clock, not the mock's moved one (RFC 9449 §11.1), and the memory of used jti values
 * forgets them by the iat window, saying "memory full" rather than calling an honest proof a replay.
 */
let key: DpopKey;
beforeAll(async () => {
  key = (await generateDpopKey('ES256')).key;
});

/** A proof made by a client whose clock reads real time plus `skewSeconds`. */
const proof = async (
  h: Harness,
  method: string,
  path: string,
  o: { accessToken?: string; skewSeconds?: number } = {}
) =>
  (
    await buildDpopProof(
      { key, method, url: `${h.base}${path}`, accessToken: o.accessToken },
      { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() + (o.skewSeconds ?? 0) * 1000 } }
    )
  ).jwt;

const clientCredentials = async (h: Harness, skewSeconds = 0): Promise<Res> =>
  tokenRequest(
    h,
    { grant_type: 'client_credentials', client_id: C.client.id, client_secret: C.client.secret },
    {
      DPoP: await proof(h, 'POST', '/oauth/v2/token', { skewSeconds }),
    }
  );

describe("a proof's iat with the mock's clock moved (RFC 9449 §11.1)", () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('is judged by the real clock: after Advance to expiry a fresh proof is accepted and the DPoP refresh works', async () => {
    const code = await getCode(h);
    const first = await tokenRequest(h, codeParams(code), { DPoP: await proof(h, 'POST', '/oauth/v2/token') });
    expect(first.status, first.body).toBe(200);
    const tokens = json(first.body);
    await h.admin('POST', '/_mock/clock/advance', { seconds: 3600 });
    const at = String(tokens.access_token);
    const expired = await h.send({
      path: '/api/v2/me',
      headers: { authorization: `DPoP ${at}`, dpop: await proof(h, 'GET', '/api/v2/me', { accessToken: at }) },
    });
    expect(expired.status).toBe(401);
    expect(expired.body).not.toContain('iat');
    const refreshed = await tokenRequest(
      h,
      {
        grant_type: 'refresh_token',
        refresh_token: String(tokens.refresh_token),
        client_id: C.client.id,
        client_secret: C.client.secret,
      },
      { DPoP: await proof(h, 'POST', '/oauth/v2/token') }
    );
    expect(refreshed.status, refreshed.body).toBe(200);
    expect(json(refreshed.body).token_type).toBe('DPoP');
  });

  it('a proof whose iat follows the moved clock is the one refused, as a client clock an hour ahead', async () => {
    expectOAuth2Error(await clientCredentials(h, 3600), 400, 'invalid_dpop_proof', 'iat');
    await h.admin('POST', '/_mock/clock/reset');
    expect((await clientCredentials(h)).status).toBe(200);
  });
});

describe('the memory of used jti values (RFC 9449 §11.1)', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('full, refuses a new proof as "memory full", not as a replay; entries leave by the iat window', async () => {
    await h.settings({ switches: { nonceMemory: 3, dpopProofLifetime: 300 } });
    for (let i = 0; i < 3; i++) expect((await clientCredentials(h, -100)).status).toBe(200);
    const full = expectOAuth2Error(
      await clientCredentials(h),
      400,
      'invalid_dpop_proof',
      'memory of used jti values is full'
    );
    expect(String(full.error_description)).not.toContain('jti-reused');
    expect(String(full.error_description)).toContain('3 proofs');
    // A shorter window: the three proofs (iat 100 s ago) are outside it, forgotten, and an honest proof goes through.
    await h.settings({ switches: { dpopProofLifetime: 60 } });
    expect((await clientCredentials(h)).status).toBe(200);
    expect((await clientCredentials(h)).status).toBe(200);
  });
});
