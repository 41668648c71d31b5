import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, tokens } from './helpers';
import { expectOAuth2Error, bearer } from './oauth2-assertions';

/** Cases B-01 … B-09 of reference/provider-cases.md: the bearer-protected resource. */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('B bearer-protected resource /api/v2/me (mock-only)', () => {
  let access = '';

  beforeAll(async () => {
    access = String((await tokens(h)).access_token);
  });

  const me = (headers: Record<string, string> = {}, path = '/api/v2/me') => h.send({ path, headers });
  /** The challenge names the resource's metadata (RFC 9728 §5.1). */
  const metadata = () => `resource_metadata="${h.base}/.well-known/oauth-protected-resource/api/v2/me"`;

  it('B-01 no credentials → 401 Bearer challenge without error', async () => {
    const r = await me();
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer realm="oauth-lab-mock", ${metadata()}`);
    expect(json(r.body).error_description).toContain('No access token');
  });

  it('B-01 Basic scheme → 401 Bearer challenge without error', async () => {
    const r = await me({ authorization: 'Basic Zm9vOmJhcg==' });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer realm="oauth-lab-mock", ${metadata()}`);
    expect(json(r.body).error_description).toContain('"Basic"');
  });

  for (const value of ['Bearer', 'Bearer a b']) {
    it(`B-02 malformed "${value}" → 400 invalid_request`, async () => {
      const r = await me({ authorization: value });
      expectOAuth2Error(r, 400, 'invalid_request', 'Malformed');
      expect(String(r.headers['www-authenticate'])).toContain('error="invalid_request"');
    });
  }

  it('B-03 token in header and query → 400 invalid_request', async () => {
    expectOAuth2Error(
      await me(bearer(access), `/api/v2/me?access_token=${access}`),
      400,
      'invalid_request',
      'more than one place'
    );
  });

  it('B-04 token in the query → 400 invalid_request (switchable)', async () => {
    expectOAuth2Error(await me({}, `/api/v2/me?access_token=${access}`), 400, 'invalid_request', 'query');
    await h.settings({ switches: { allowQueryAccessToken: true } });
    try {
      expect((await me({}, `/api/v2/me?access_token=${access}`)).status).toBe(200);
    } finally {
      await h.settings({ switches: { allowQueryAccessToken: false } });
    }
  });

  it('B-05 access_token in a GET body is not a valid mechanism → 401', async () => {
    const r = await h.send({
      path: '/api/v2/me',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `access_token=${access}`,
    });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe(`Bearer realm="oauth-lab-mock", ${metadata()}`);
  });

  it('B-06 unknown token → 401 invalid_token with a description', async () => {
    const r = await me(bearer('unknown-token'));
    expectOAuth2Error(r, 401, 'invalid_token', 'unknown');
    expect(r.headers['www-authenticate']).toBe(
      `Bearer realm="oauth-lab-mock", error="invalid_token", error_description="The access token is unknown to this provider.", ${metadata()}`
    );
  });

  it('B-06 expired token → 401 invalid_token', async () => {
    const clocked = await new Harness().start();
    try {
      const t = await tokens(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 3601 });
      expectOAuth2Error(
        await clocked.send({ path: '/api/v2/me', headers: bearer(String(t.access_token)) }),
        401,
        'invalid_token',
        'expired'
      );
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
    expectOAuth2Error(await me(bearer('abc$def')), 401, 'invalid_token', 'b64token');
  });

  it('success → 200 with the user', async () => {
    const r = await me(bearer(access));
    expect(r.status).toBe(200);
    expect(json(r.body)).toMatchObject({ mockOnly: true, username: 'demo', clientId: C.client.id });
  });
});
