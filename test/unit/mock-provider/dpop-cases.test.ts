import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { generateDpopKey } from '../../../platform/jose';
import type { DpopKey } from '../../../shared/dpop/dpop-key';
import type { PlantedDpopMistake } from '../../../shared/dpop/planted-mistakes';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { C, codeParams, getCode, Harness, json, REDIRECT, s256, tokenRequest, VERIFIER, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/** DPoP at the mock (RFC 9449): proofs at the token endpoint and the resource, bound tokens, nonces, replays. */
let key: DpopKey;
let otherKey: DpopKey;
beforeAll(async () => {
  key = (await generateDpopKey('ES256')).key;
  otherKey = (await generateDpopKey('EdDSA')).key;
});

const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };
const proof = async (
  h: Harness,
  o: {
    method: string;
    path: string;
    accessToken?: string;
    nonce?: string | null;
    mistake?: PlantedDpopMistake;
    k?: DpopKey;
  }
) =>
  (
    await buildDpopProof(
      {
        key: o.k ?? key,
        method: o.method,
        url: `${h.base}${o.path}`,
        accessToken: o.accessToken,
        nonce: o.nonce,
        mistake: o.mistake,
      },
      deps
    )
  ).jwt;

async function dpopTokens(h: Harness, nonce: string | null = null): Promise<Record<string, unknown>> {
  const code = await getCode(h);
  const r = await tokenRequest(h, codeParams(code), {
    DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token', nonce }),
  });
  expect(r.status, r.body).toBe(200);
  return json(r.body);
}
const me = (h: Harness, token: string, dpop: string | null, scheme = 'DPoP'): Promise<Res> =>
  h.send({ path: '/api/v2/me', headers: { authorization: `${scheme} ${token}`, ...(dpop ? { dpop } : {}) } });

function expectDpopRefusal(r: Res, error: string, describes: string): void {
  expect(r.status, r.body).toBe(401);
  expect(json(r.body)).toMatchObject({ error });
  expect(String(json(r.body).error_description)).toContain(describes);
  expect(String(r.headers['www-authenticate'])).toMatch(
    new RegExp(`^DPoP algs="ES256 RS256 PS256 EdDSA", realm="oauth-lab-mock", error="${error}"`)
  );
}

describe('the mock with DPoP (RFC 9449)', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('discovery lists the proof algorithms (§5.1)', async () => {
    const d = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(d.dpop_signing_alg_values_supported).toEqual(['ES256', 'RS256', 'PS256', 'EdDSA']);
  });

  it('a token request with a proof gets a DPoP token bound by cnf.jkt; the resource takes it with a proof', async () => {
    const t = await dpopTokens(h);
    expect(t.token_type).toBe('DPoP');
    const at = String(t.access_token);
    const thumbprint = (await buildDpopProof({ key, method: 'GET', url: h.base }, deps)).thumbprint;
    const intro = await h.send({
      method: 'POST',
      path: '/oidc/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: at, client_id: C.client.id, client_secret: C.client.secret! }).toString(),
    });
    expect(json(intro.body)).toMatchObject({ active: true, token_type: 'DPoP', cnf: { jkt: thumbprint } });
    const ok = await me(h, at, await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at }));
    expect(ok.status, ok.body).toBe(200);
    expect(json(ok.body)).toMatchObject({ tokenType: 'DPoP', cnf: { jkt: thumbprint } });
  });

  it('without a proof the same request gets a bearer token, and a bound token is refused as Bearer (§7.1)', async () => {
    const code = await getCode(h);
    expect(json((await tokenRequest(h, codeParams(code))).body).token_type).toBe('bearer');
    const at = String((await dpopTokens(h)).access_token);
    expectDpopRefusal(await me(h, at, null, 'Bearer'), 'invalid_token', 'send Authorization: DPoP');
    expectDpopRefusal(await me(h, at, null), 'invalid_dpop_proof', 'No DPoP header');
  });

  it.each([
    ['htu-query', 'htu keeps the query'],
    ['htm-wrong', 'htm is not the method'],
    ['iat-stale', 'iat is too old'],
    ['iat-future', 'iat is in the future'],
    ['ath-missing', 'ath is missing'],
    ['ath-wrong', 'ath is not the hash of this access token'],
  ] as const)('a resource call with %s is refused naming it', async (mistake, title) => {
    const at = String((await dpopTokens(h)).access_token);
    const r = await me(h, at, await proof(h, { method: 'GET', path: '/api/v2/me?x=1', accessToken: at, mistake }));
    expectDpopRefusal(r, 'invalid_dpop_proof', `DPoP proof refused, ${mistake}: ${title}`);
  });

  it('another key than the bound one, and a replayed proof, are refused naming them', async () => {
    const at = String((await dpopTokens(h)).access_token);
    const other = await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at, k: otherKey });
    expectDpopRefusal(
      await me(h, at, other),
      'invalid_dpop_proof',
      'jkt-mismatch: The proof key is not the key the token is bound to'
    );
    const once = await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at });
    expect((await me(h, at, once)).status).toBe(200);
    expectDpopRefusal(await me(h, at, once), 'invalid_dpop_proof', 'jti-reused: jti was used before');
  });

  it('a token request with a wrong proof is refused with 400 invalid_dpop_proof', async () => {
    const code = await getCode(h);
    const bad = await proof(h, { method: 'POST', path: '/oauth/v2/token', mistake: 'htm-wrong' });
    expectOAuth2Error(await tokenRequest(h, codeParams(code), { DPoP: bad }), 400, 'invalid_dpop_proof', 'htm-wrong');
  });

  it('a refresh with a proof gets a DPoP token (a confidential client: its refresh token is not bound, §5)', async () => {
    const t = await dpopTokens(h);
    const r = await tokenRequest(
      h,
      {
        grant_type: 'refresh_token',
        refresh_token: String(t.refresh_token),
        client_id: C.client.id,
        client_secret: C.client.secret!,
      },
      { DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token', k: otherKey }) }
    );
    expect(json(r.body).token_type).toBe('DPoP');
  });
});

describe('a client that requires DPoP, and DPoP-Nonce challenges (§8, §9)', () => {
  const h = new Harness({
    configValue: {
      oauth2: { clients: [{ ...C.client, redirectUris: [...C.client.redirectUris], dpop: 'required' }] },
      switches: { dpopNonce: true },
    },
  });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('no proof: refused naming the client setting', async () => {
    const code = await getCode(h);
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code)),
      400,
      'invalid_dpop_proof',
      `client ${C.client.id} requires DPoP`
    );
  });

  it('token endpoint: use_dpop_nonce with a DPoP-Nonce, then the retry with it succeeds', async () => {
    const code = await getCode(h);
    const first = await tokenRequest(h, codeParams(code), {
      DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token' }),
    });
    expectOAuth2Error(first, 400, 'use_dpop_nonce', 'nonce-missing');
    const nonce = String(first.headers['dpop-nonce']);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const wrong = await tokenRequest(h, codeParams(code), {
      DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token', nonce, mistake: 'nonce-wrong' }),
    });
    expectOAuth2Error(wrong, 400, 'use_dpop_nonce', 'nonce-wrong');
    const retry = await tokenRequest(h, codeParams(code), {
      DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token', nonce }),
    });
    expect(retry.status, retry.body).toBe(200);
    const at = String(json(retry.body).access_token);
    const ignored = await me(h, at, await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at }));
    expectDpopRefusal(ignored, 'use_dpop_nonce', 'nonce-missing');
    // The resource's nonce is its own (§9), not the authorization server's: that one is refused there.
    const rsNonce = String(ignored.headers['dpop-nonce']);
    expect(rsNonce).not.toBe(nonce);
    const asNonce = await me(h, at, await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at, nonce }));
    expectDpopRefusal(asNonce, 'use_dpop_nonce', 'nonce-wrong');
    expect(
      (await me(h, at, await proof(h, { method: 'GET', path: '/api/v2/me', accessToken: at, nonce: rsNonce }))).status
    ).toBe(200);
  });
});

describe('a public client: its refresh token is bound to its DPoP key (RFC 9449 §5)', () => {
  const h = new Harness({ configValue: { oauth2: { clients: [{ id: 'public-app', redirectUris: [REDIRECT] }] } } });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('refreshed with a proof of the same key; refused with another key or none, naming the binding', async () => {
    const code = await getCode(h, {
      client_id: 'public-app',
      code_challenge: s256(VERIFIER),
      code_challenge_method: 'S256',
    });
    const token = async (k: DpopKey | null, params: Record<string, string>) =>
      tokenRequest(
        h,
        { client_id: 'public-app', ...params },
        k ? { DPoP: await proof(h, { method: 'POST', path: '/oauth/v2/token', k }) } : {}
      );
    const t = json(
      (
        await token(key, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: VERIFIER,
        })
      ).body
    );
    expect(t.token_type).toBe('DPoP');
    const refresh = { grant_type: 'refresh_token', refresh_token: String(t.refresh_token) };
    expectOAuth2Error(await token(otherKey, refresh), 400, 'invalid_dpop_proof', 'the proof was made with key');
    expectOAuth2Error(await token(null, refresh), 400, 'invalid_dpop_proof', 'send a DPoP proof made with that key');
    const r = await token(key, refresh);
    expect(r.status, r.body).toBe(200);
    expect(json(r.body).token_type).toBe('DPoP');
  });
});
