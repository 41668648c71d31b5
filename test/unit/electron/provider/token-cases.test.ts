import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, codeParams, getCode, Harness, json, REDIRECT, s256, tokenRequest, tokens, VERIFIER, type Res } from './helpers';

/** Cases T2-01 … T2-28, R2-01 … R2-07 and B-01 … B-09 of reference/provider-cases.md. */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

function expectError(r: Res, status: number, error: string, describes?: string): Record<string, unknown> {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.headers.pragma).toBe('no-cache');
  const body = json(r.body);
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  expect(String(body.error_description)).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]{10,}$/);
  if (describes) expect(String(body.error_description)).toContain(describes);
  return body;
}
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('T2 token endpoint', () => {
  it('T2-01 GET → 405 invalid_request with Allow: POST', async () => {
    const r = await h.send({ path: '/oauth/v2/token' });
    expectError(r, 405, 'invalid_request', 'POST');
    expect(r.headers.allow).toBe('POST');
  });

  it('T2-02 JSON body → 400 invalid_request', async () => {
    expectError(await h.send({ method: 'POST', path: '/oauth/v2/token', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"authorization_code"}' }), 400, 'invalid_request', 'x-www-form-urlencoded');
  });

  it('T2-03 unparsable body → 400 invalid_request', async () => {
    expectError(await h.send({ method: 'POST', path: '/oauth/v2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=%zz' }), 400, 'invalid_request', 'could not be parsed');
  });

  it('T2-03 body over 1 MiB → 413 invalid_request', async () => {
    expectError(await h.send({ method: 'POST', path: '/oauth/v2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.alloc(1024 * 1024 + 1, 0x61) }), 413, 'invalid_request', 'limit');
  });

  it('T2-04 grant_type missing → 400 invalid_request', async () => {
    const { grant_type: _, ...rest } = codeParams('x');
    expectError(await tokenRequest(h, rest), 400, 'invalid_request', 'grant_type is missing');
  });

  it('T2-05 unknown grant_type → 400 unsupported_grant_type', async () => {
    expectError(await tokenRequest(h, codeParams('x', { grant_type: 'password' })), 400, 'unsupported_grant_type');
  });

  it('T2-06 grant type not allowed for the client → 400 unauthorized_client', async () => {
    const limited = await new Harness({ configValue: { oauth2: { clients: [{ id: 'c1', secret: 's1', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] }] } } }).start();
    try {
      expectError(await tokenRequest(limited, { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'c1', client_secret: 's1' }), 400, 'unauthorized_client');
    } finally {
      await limited.stop();
    }
  });

  it('T2-07 repeated parameter → 400 invalid_request', async () => {
    const r = await h.send({ method: 'POST', path: '/oauth/v2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${new URLSearchParams(codeParams('x')).toString()}&code=y` });
    expectError(r, 400, 'invalid_request', 'code appears more than once');
  });

  it('T2-08 wrong secret via Basic → 401 invalid_client with a Basic challenge', async () => {
    const code = await getCode(h);
    const r = await tokenRequest(h, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, { authorization: basic(C.client.id, 'wrong') });
    expectError(r, 401, 'invalid_client', 'wrong client_secret');
    expect(r.headers['www-authenticate']).toBe('Basic realm="oauth-lab-mock"');
  });

  it('T2-09 wrong secret in the body → 401 invalid_client', async () => {
    const r = await tokenRequest(h, codeParams('x', { client_secret: 'wrong' }));
    expectError(r, 401, 'invalid_client');
    expect(r.headers['www-authenticate']).toBeUndefined();
  });

  it('T2-09b unknown client → 401 invalid_client', async () => {
    expectError(await tokenRequest(h, codeParams('x', { client_id: 'nobody' })), 401, 'invalid_client', 'not a client');
  });

  it('T2-10 Basic and client_secret in the body → 400 invalid_request', async () => {
    expectError(await tokenRequest(h, codeParams('x'), { authorization: basic(C.client.id, C.client.secret) }), 400, 'invalid_request', 'authenticated twice');
  });

  it('T2-11 client_secret in the query → 400 invalid_request', async () => {
    const r = await h.send({ method: 'POST', path: `/oauth/v2/token?client_secret=${C.client.secret}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(codeParams('x')).toString() });
    expectError(r, 400, 'invalid_request', 'request URI');
  });

  it('T2-11b a query that cannot be decoded → 400 invalid_request saying so, not blaming client_secret', async () => {
    const r = await h.send({ method: 'POST', path: '/oauth/v2/token?x=%zz', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(codeParams('x')).toString() });
    expectError(r, 400, 'invalid_request', 'The query cannot be decoded');
    expect(r.body).not.toContain('client_secret');
  });

  it('T2-12 Basic credentials with :, % and + are form-decoded → 200', async () => {
    const odd = await new Harness({ configValue: { oauth2: { clients: [{ id: 'app:1', secret: 'p%s+s:w', redirectUris: [REDIRECT] }] } } }).start();
    try {
      const code = await getCode(odd, { client_id: 'app:1' });
      const r = await tokenRequest(odd, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, { authorization: basic('app:1', 'p%s+s:w') });
      expect(r.status, r.body).toBe(200);
    } finally {
      await odd.stop();
    }
  });

  it('T2-13 client_id omitted → 400 invalid_request', async () => {
    const { client_id: _, client_secret: __, ...rest } = codeParams('x');
    expectError(await tokenRequest(h, rest), 400, 'invalid_request', 'client_id is missing');
  });

  it('T2-14 code missing → 400 invalid_request', async () => {
    const { code: _, ...rest } = codeParams('x');
    expectError(await tokenRequest(h, rest), 400, 'invalid_request', 'code is missing');
  });

  it('T2-15 unknown code → 400 invalid_grant', async () => {
    expectError(await tokenRequest(h, codeParams('garbage')), 400, 'invalid_grant', 'unknown');
  });

  it('T2-16 expired code → 400 invalid_grant', async () => {
    const clocked = await new Harness({ configValue: { lifetimes: { codeTtl: 5 } } }).start();
    try {
      const code = await getCode(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 6 });
      expectError(await tokenRequest(clocked, codeParams(code)), 400, 'invalid_grant', 'expired');
    } finally {
      await clocked.stop();
    }
  });

  it('T2-17 code redeemed twice → 400 invalid_grant and the first tokens are revoked', async () => {
    const code = await getCode(h);
    const first = await tokenRequest(h, codeParams(code));
    expect(first.status).toBe(200);
    const access = String(json(first.body).access_token);
    expect((await h.send({ path: '/api/v2/me', headers: bearer(access) })).status).toBe(200);
    expectError(await tokenRequest(h, codeParams(code)), 400, 'invalid_grant', 'already used');
    const after = await h.send({ path: '/api/v2/me', headers: bearer(access) });
    expect(after.status).toBe(401);
    expect(String(after.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('T2-18 code of another client → 400 invalid_grant', async () => {
    const two = await new Harness({ configValue: { oauth2: { clients: [{ id: 'a', secret: 'sa', redirectUris: [REDIRECT] }, { id: 'b', secret: 'sb', redirectUris: [REDIRECT] }] } } }).start();
    try {
      const code = await getCode(two, { client_id: 'a' });
      expectError(await tokenRequest(two, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'b', client_secret: 'sb' }), 400, 'invalid_grant', 'another client');
    } finally {
      await two.stop();
    }
  });

  it('T2-19 redirect_uri omitted → 400 invalid_request', async () => {
    const { redirect_uri: _, ...rest } = codeParams(await getCode(h));
    expectError(await tokenRequest(h, rest), 400, 'invalid_request', 'redirect_uri is missing');
  });

  it('T2-20 redirect_uri differs (another loopback port) → 400 invalid_grant', async () => {
    const code = await getCode(h);
    expectError(await tokenRequest(h, codeParams(code, { redirect_uri: 'http://127.0.0.1:9999/callback' })), 400, 'invalid_grant', 'identical');
  });

  it('T2-21 challenge stored but no code_verifier → 400 invalid_grant', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectError(await tokenRequest(h, codeParams(code)), 400, 'invalid_grant', 'code_verifier is missing');
  });

  it('T2-22 verifier does not match → 400 invalid_grant, and the code is spent', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectError(await tokenRequest(h, codeParams(code, { code_verifier: 'x'.repeat(43) })), 400, 'invalid_grant', 'does not match');
    expectError(await tokenRequest(h, codeParams(code, { code_verifier: VERIFIER })), 400, 'invalid_grant', 'already used');
  });

  it('T2-22b PKCE S256 and plain verify', async () => {
    const c1 = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expect((await tokenRequest(h, codeParams(c1, { code_verifier: VERIFIER }))).status).toBe(200);
    const c2 = await getCode(h, { code_challenge: VERIFIER, code_challenge_method: 'plain' });
    expect((await tokenRequest(h, codeParams(c2, { code_verifier: VERIFIER }))).status).toBe(200);
  });

  it('T2-23 malformed verifier → 400 invalid_request', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectError(await tokenRequest(h, codeParams(code, { code_verifier: 'too-short' })), 400, 'invalid_request', 'code_verifier must be 43 to 128');
  });

  it('T2-24 PKCE downgrade: verifier without a stored challenge → 400 invalid_grant', async () => {
    const code = await getCode(h);
    expectError(await tokenRequest(h, codeParams(code, { code_verifier: VERIFIER })), 400, 'invalid_grant', 'downgrade');
  });

  it('T2-27 success: the interface fields, bearer, no-store', async () => {
    const code = await getCode(h, { scope: 'read write' });
    const r = await tokenRequest(h, codeParams(code));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.pragma).toBe('no-cache');
    const body = json(r.body);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read write' });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
  });

  it('T2-27b Basic client authentication also works', async () => {
    const code = await getCode(h);
    const r = await tokenRequest(h, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, { authorization: basic(C.client.id, C.client.secret) });
    expect(r.status, r.body).toBe(200);
  });

  it('T2-28 every error is JSON with an ASCII description (checked by expectError) even for non-ASCII input', async () => {
    expectError(await tokenRequest(h, codeParams('x', { grant_type: 'ünïcödé"\\' })), 400, 'unsupported_grant_type');
  });
});

describe('R2 refresh grant (RFC 6749 §6, an assumption)', () => {
  const refresh = (token: string, extra: Record<string, string> = {}) => tokenRequest(h, { grant_type: 'refresh_token', refresh_token: token, client_id: C.client.id, client_secret: C.client.secret, ...extra });

  it('R2-01 refresh_token missing → 400 invalid_request', async () => {
    expectError(await tokenRequest(h, { grant_type: 'refresh_token', client_id: C.client.id, client_secret: C.client.secret }), 400, 'invalid_request', 'refresh_token is missing');
  });

  it('R2-02 unknown refresh token → 400 invalid_grant', async () => {
    expectError(await refresh('garbage'), 400, 'invalid_grant', 'unknown');
  });

  it('R2-03 expired refresh token → 400 invalid_grant', async () => {
    const clocked = await new Harness({ configValue: { lifetimes: { refreshTokenTtl: 100 } } }).start();
    try {
      const t = await (await import('./helpers')).tokens(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 101 });
      expectError(await tokenRequest(clocked, { grant_type: 'refresh_token', refresh_token: String(t.refresh_token), client_id: C.client.id, client_secret: C.client.secret }), 400, 'invalid_grant', 'expired');
    } finally {
      await clocked.stop();
    }
  });

  it('R2-04 unauthenticated confidential client → 401 invalid_client', async () => {
    const t = await tokens(h);
    expectError(await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: String(t.refresh_token), client_id: C.client.id }), 401, 'invalid_client', 'client_secret is missing');
  });

  it('R2-05 scope beyond the grant → 400 invalid_scope; narrowing is allowed', async () => {
    const t = await tokens(h, { scope: 'read' });
    expectError(await refresh(String(t.refresh_token), { scope: 'read write' }), 400, 'invalid_scope', 'write');
    const narrowed = await refresh(String(t.refresh_token), { scope: 'read' });
    expect(narrowed.status).toBe(200);
  });

  it('R2-06 replay of a rotated refresh token → 400 invalid_grant and the grant is revoked', async () => {
    const t = await tokens(h, { scope: 'read' });
    const second = json((await refresh(String(t.refresh_token))).body);
    expectError(await refresh(String(t.refresh_token)), 400, 'invalid_grant', 'already used');
    expectError(await refresh(String(second.refresh_token)), 400, 'invalid_grant', 'revoked');
    expect((await h.send({ path: '/api/v2/me', headers: bearer(String(second.access_token)) })).status).toBe(401);
  });

  it('R2-07 rotation issues a new refresh token with the same scope; without rotation the same token comes back', async () => {
    const t = await tokens(h, { scope: 'read write' });
    const n = json((await refresh(String(t.refresh_token), { scope: 'read' })).body);
    expect(n.refresh_token).not.toBe(t.refresh_token);
    expect(n.scope).toBe('read');
    const again = json((await refresh(String(n.refresh_token), { scope: 'read write' })).body);
    expect(again.scope).toBe('read write');
    await h.settings({ switches: { rotateRefreshTokens: false } });
    try {
      const kept = json((await refresh(String(again.refresh_token))).body);
      expect(kept.refresh_token).toBe(again.refresh_token);
    } finally {
      await h.settings({ switches: { rotateRefreshTokens: true } });
    }
  });
});

describe('B bearer-protected resource /api/v2/me (mock-only)', () => {
  let access = '';
  beforeAll(async () => {
    access = String((await tokens(h)).access_token);
  });
  const me = (headers: Record<string, string> = {}, path = '/api/v2/me') => h.send({ path, headers });

  it('B-01 no credentials → 401 Bearer challenge without error', async () => {
    const r = await me();
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('Bearer realm="oauth-lab-mock"');
    expect(json(r.body).error_description).toContain('No access token');
  });

  it('B-01 Basic scheme → 401 Bearer challenge without error', async () => {
    const r = await me({ authorization: 'Basic Zm9vOmJhcg==' });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('Bearer realm="oauth-lab-mock"');
    expect(json(r.body).error_description).toContain('"Basic"');
  });

  for (const value of ['Bearer', 'Bearer a b']) {
    it(`B-02 malformed "${value}" → 400 invalid_request`, async () => {
      const r = await me({ authorization: value });
      expectError(r, 400, 'invalid_request', 'Malformed');
      expect(String(r.headers['www-authenticate'])).toContain('error="invalid_request"');
    });
  }

  it('B-03 token in header and query → 400 invalid_request', async () => {
    expectError(await me(bearer(access), `/api/v2/me?access_token=${access}`), 400, 'invalid_request', 'more than one place');
  });

  it('B-04 token in the query → 400 invalid_request (switchable)', async () => {
    expectError(await me({}, `/api/v2/me?access_token=${access}`), 400, 'invalid_request', 'query');
    await h.settings({ switches: { allowQueryAccessToken: true } });
    try {
      expect((await me({}, `/api/v2/me?access_token=${access}`)).status).toBe(200);
    } finally {
      await h.settings({ switches: { allowQueryAccessToken: false } });
    }
  });

  it('B-05 access_token in a GET body is not a valid mechanism → 401', async () => {
    const r = await h.send({ path: '/api/v2/me', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `access_token=${access}` });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('Bearer realm="oauth-lab-mock"');
  });

  it('B-06 unknown token → 401 invalid_token with a description', async () => {
    const r = await me(bearer('unknown-token'));
    expectError(r, 401, 'invalid_token', 'unknown');
    expect(r.headers['www-authenticate']).toBe('Bearer realm="oauth-lab-mock", error="invalid_token", error_description="The access token is unknown to this provider."');
  });

  it('B-06 expired token → 401 invalid_token', async () => {
    const clocked = await new Harness().start();
    try {
      const t = await tokens(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 3601 });
      expectError(await clocked.send({ path: '/api/v2/me', headers: bearer(String(t.access_token)) }), 401, 'invalid_token', 'expired');
    } finally {
      await clocked.stop();
    }
  });

  it('B-08 quotes and backslashes are escaped in the challenge', async () => {
    const r = await h.send({ method: 'POST', path: '/api/v2/me' });
    expect(r.status).toBe(405);
    expect(String(r.headers['www-authenticate'])).not.toMatch(/[^\\]"[^,]*"[^,]*"/);
  });

  it('B-09 token outside the b64token syntax → 401 invalid_token', async () => {
    expectError(await me(bearer('abc$def')), 401, 'invalid_token', 'b64token');
  });

  it('success → 200 with the user', async () => {
    const r = await me(bearer(access));
    expect(r.status).toBe(200);
    expect(json(r.body)).toMatchObject({ mockOnly: true, username: 'demo', clientId: C.client.id });
  });
});
