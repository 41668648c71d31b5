import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve1,
  approve2,
  authorizeQuery,
  C,
  goodAuthorize,
  Harness,
  REDIRECT,
  requestToken,
  s256,
  signed,
  VERIFIER,
  type Res,
} from './helpers';

/** Cases O1-33 … O1-38 and A2-01 … A2-24 of reference/provider-cases.md. */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

function expectPage(r: Res, status: number, text: string): void {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(r.headers.location).toBeUndefined();
  expect(r.headers['x-frame-options']).toBe('DENY');
  expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(r.body).toContain(text);
}

function expectRedirect(r: Res, params: Record<string, string | null>, status = 302): URL {
  expect(r.status, r.body).toBe(status);
  const loc = new URL(String(r.headers.location));
  expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) expect(loc.searchParams.has(k), k).toBe(false);
    else expect(loc.searchParams.get(k), k).toBe(v);
  }
  return loc;
}

describe('O1 user authorization step', () => {
  it('O1-33 no oauth_token → 400 page', async () => {
    expectPage(await h.send({ path: '/oauth/v1/authorize' }), 400, 'oauth_token parameter is missing');
  });

  it('O1-34 unknown request token → 400 page, no redirect', async () => {
    expectPage(
      await h.send({ path: '/oauth/v1/authorize?oauth_token=nope' }),
      400,
      'not a request token issued by this provider'
    );
  });

  it('O1-34 already authorized request token → 400 page', async () => {
    const t = await requestToken(h);
    expect((await approve1(h, t.token)).status).toBe(303);
    expectPage(await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` }), 400, 'already authorized');
  });

  it('O1-35 approval POST without the anti-CSRF token → 403 page', async () => {
    const t = await requestToken(h);
    await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v1/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=demo&decision=approve',
    });
    expectPage(r, 403, 'anti-CSRF');
  });

  it('O1-35 the login page refuses framing', async () => {
    const t = await requestToken(h);
    expectPage(await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` }), 200, 'name="csrf"');
  });

  it('O1-36 callback with a query string: parameters are appended', async () => {
    const cb = 'http://127.0.0.1:8765/callback?session=abc';
    await h.settings({ switches: { oauth1Callback: 'any' } });
    const t = await requestToken(h, cb).finally(() => h.settings({ switches: { oauth1Callback: 'registered' } }));
    const r = await approve1(h, t.token);
    expect(r.status).toBe(303);
    const loc = new URL(String(r.headers.location));
    expect(loc.search).toMatch(/^\?session=abc&oauth_token=[^&]+&oauth_verifier=[^&]+$/);
    expect(loc.searchParams.get('oauth_token')).toBe(t.token);
  });

  it('O1-36b oauth_callback in the authorize query overrides the step-one callback (interface §4.1)', async () => {
    const t = await requestToken(h);
    const r = await approve1(
      h,
      t.token,
      'approve',
      C.user.password,
      `&oauth_callback=${encodeURIComponent('http://127.0.0.1:9999/callback')}`
    );
    expect(String(r.headers.location)).toMatch(/^http:\/\/127\.0\.0\.1:9999\/callback\?oauth_token=/);
  });

  it('O1-36c a foreign oauth_callback in the authorize query → 400 page', async () => {
    const t = await requestToken(h);
    expectPage(
      await h.send({
        path: `/oauth/v1/authorize?oauth_token=${t.token}&oauth_callback=${encodeURIComponent('https://evil.example/cb')}`,
      }),
      400,
      'not registered'
    );
  });

  it('O1-37 oob: the verifier is shown on a page', async () => {
    const t = await requestToken(h, 'oob');
    const r = await approve1(h, t.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<code id="oauth_verifier">[A-Za-z0-9_-]{22}<\/code>/);
    const verifier = /<code id="oauth_verifier">([^<]+)</.exec(r.body)![1]!;
    const at = await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier });
    expect(at.status).toBe(200);
  });

  it('O1-38 user denies → 303 to the callback with denied=<token>; step three then fails', async () => {
    const t = await requestToken(h);
    const r = await approve1(h, t.token, 'deny');
    expect(r.status).toBe(303);
    expect(new URL(String(r.headers.location)).searchParams.get('denied')).toBe(t.token);
    const at = await signed(h, {
      path: '/oauth/v1/access_token',
      token: t.token,
      tokenSecret: t.secret,
      verifier: 'x',
    });
    expect(at.status).toBe(401);
    expect(new URLSearchParams(at.body).get('oauth_problem')).toBe('token_rejected');
  });

  it('wrong password → 401 login page again, with an escaped username', async () => {
    const t = await requestToken(h);
    const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v1/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrf,
        username: '<script>x</script>',
        password: 'no',
        decision: 'approve',
      }).toString(),
    });
    expectPage(r, 401, 'Unknown username or wrong password');
    expect(r.body).not.toContain('<script>x');
    expect(r.body).toContain('&#60;script&#62;x');
  });
});

describe('A2 OAuth 2 authorization endpoint', () => {
  const q = (params: Record<string, string>) => h.send({ path: authorizeQuery(params) });

  it('A2-01 client_id missing → 400 page', async () => {
    const { client_id: _, ...rest } = goodAuthorize();
    expectPage(await q(rest), 400, 'client_id is missing');
  });

  it('A2-01 unknown client_id → 400 page, no redirect', async () => {
    expectPage(await q(goodAuthorize({ client_id: 'nobody' })), 400, 'not a client of this provider');
  });

  it('A2-02 redirect_uri missing → 400 page', async () => {
    const { redirect_uri: _, ...rest } = goodAuthorize();
    expectPage(await q(rest), 400, 'redirect_uri is missing');
  });

  it('A2-03 redirect_uri not registered → 400 page', async () => {
    expectPage(await q(goodAuthorize({ redirect_uri: 'https://evil.example/callback' })), 400, 'not registered');
  });

  it('A2-04 loopback redirect_uri on another port → accepted', async () => {
    const r = await approve2(h, goodAuthorize({ redirect_uri: 'http://127.0.0.1:50999/callback' }));
    expect(r.status).toBe(303);
    expect(String(r.headers.location)).toMatch(
      /^http:\/\/127\.0\.0\.1:50999\/callback\?code=c-[A-Za-z0-9_-]{43}&state=st-123&iss=http%3A%2F%2F127\.0\.0\.1%3A\d+$/
    );
  });

  for (const uri of [
    'http://localhost:8765/callback',
    'http://127.0.0.1:8765/callback/x',
    'http://127.0.0.1:8765/callbackx',
    'http://127.0.0.1:@evil.com/callback',
    'http://127.0.0.1.evil.com:8765/callback',
    'https://127.0.0.1:8765/callback',
  ]) {
    it(`A2-05 look-alike ${uri} → 400 page`, async () => {
      expectPage(await q(goodAuthorize({ redirect_uri: uri })), 400, 'redirect_uri');
    });
  }

  it('A2-06 redirect_uri with a fragment → 400 page', async () => {
    expectPage(await q(goodAuthorize({ redirect_uri: `${REDIRECT}#frag` })), 400, 'fragment');
  });

  for (const uri of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd']) {
    it(`A2-07 redirect_uri ${uri} → 400 page`, async () => {
      expectPage(await q(goodAuthorize({ redirect_uri: uri })), 400, 'redirect_uri');
    });
  }

  it('A2-08 http redirect to a non-loopback host → 400 page', async () => {
    expectPage(await q(goodAuthorize({ redirect_uri: 'http://example.com/callback' })), 400, 'not registered');
  });

  it('A2-09 response_type missing → 302 invalid_request with state', async () => {
    const { response_type: _, ...rest } = goodAuthorize();
    expectRedirect(await q(rest), { error: 'invalid_request', state: 'st-123', code: null });
  });

  for (const rt of ['token', 'id_token', 'bogus']) {
    it(`A2-10 response_type=${rt} → 302 unsupported_response_type`, async () => {
      expectRedirect(await q(goodAuthorize({ response_type: rt })), {
        error: 'unsupported_response_type',
        state: 'st-123',
      });
    });
  }

  it('A2-11 repeated scope → 302 invalid_request', async () => {
    const r = await h.send({ path: `${authorizeQuery(goodAuthorize())}&scope=read&scope=write` });
    const loc = expectRedirect(r, { error: 'invalid_request', state: 'st-123' });
    expect(loc.searchParams.get('error_description')).toContain('scope');
  });

  it('A2-11 repeated client_id → 400 page', async () => {
    expectPage(
      await h.send({ path: `${authorizeQuery(goodAuthorize())}&client_id=${C.client.id}` }),
      400,
      'client_id appears more than once'
    );
  });

  it('A2-12 unknown parameters are ignored; an empty state counts as absent (state required by the interface)', async () => {
    expect((await approve2(h, goodAuthorize({ foo: 'bar' }))).status).toBe(303);
    expectRedirect(await q(goodAuthorize({ state: '' })), { error: 'invalid_request', state: null });
  });

  it('A2-13 unknown scope → 302 invalid_scope', async () => {
    expectRedirect(await q(goodAuthorize({ scope: 'read admin' })), { error: 'invalid_scope', state: 'st-123' });
  });

  it('A2-14 code_challenge_method S512 → 302 invalid_request', async () => {
    const loc = expectRedirect(
      await q(goodAuthorize({ code_challenge: s256(VERIFIER), code_challenge_method: 'S512' })),
      { error: 'invalid_request' }
    );
    expect(loc.searchParams.get('error_description')).toContain('transform algorithm not supported');
  });

  it('A2-15 PKCE required (switch) but no code_challenge → 302 invalid_request', async () => {
    await h.settings({ switches: { requirePkce: true } });
    try {
      const loc = expectRedirect(await q(goodAuthorize()), { error: 'invalid_request' });
      expect(loc.searchParams.get('error_description')).toContain('code_challenge is required');
    } finally {
      await h.settings({ switches: { requirePkce: false } });
    }
  });

  it('A2-15b a public client (no secret) must use PKCE', async () => {
    const pub = await new Harness({
      configValue: { oauth2: { clients: [{ id: 'public-app', redirectUris: [REDIRECT] }] } },
    }).start();
    try {
      const loc = expectRedirect(await pub.send({ path: authorizeQuery(goodAuthorize({ client_id: 'public-app' })) }), {
        error: 'invalid_request',
      });
      expect(loc.searchParams.get('error_description')).toContain('no secret');
    } finally {
      await pub.stop();
    }
  });

  for (const ch of ['short', 'x'.repeat(129), `${'a'.repeat(42)}!`]) {
    it(`A2-16 code_challenge of ${ch.length} chars → 302 invalid_request`, async () => {
      expectRedirect(await q(goodAuthorize({ code_challenge: ch, code_challenge_method: 'S256' })), {
        error: 'invalid_request',
      });
    });
  }

  it('A2-17 code_challenge_method without code_challenge → 302 invalid_request', async () => {
    expectRedirect(await q(goodAuthorize({ code_challenge_method: 'S256' })), { error: 'invalid_request' });
  });

  it('A2-18 user denies → 303 access_denied with state', async () => {
    expectRedirect(
      await approve2(h, goodAuthorize(), 'deny'),
      { error: 'access_denied', state: 'st-123', code: null },
      303
    );
  });

  it('A2-20 success: code, the exact state and iss (RFC 9207 §2; none when issParameter is off)', async () => {
    const state = 'a b+c/%20"<>';
    const loc = expectRedirect(await approve2(h, goodAuthorize({ state })), { state, iss: h.base }, 303);
    expect(loc.searchParams.get('code')).toMatch(/^c-/);
    await h.settings({ switches: { issParameter: false } });
    try {
      expectRedirect(await approve2(h, goodAuthorize()), { iss: null }, 303);
    } finally {
      await h.settings({ switches: { issParameter: true } });
    }
  });

  it('A2-21 login POST without CSRF token → 403 page', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v2/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=forged&username=demo&password=demo&decision=approve',
    });
    expectPage(r, 403, 'anti-CSRF');
  });

  it('A2-21b a CSRF token works once only', async () => {
    const page = await q(goodAuthorize());
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const body = new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString();
    const post = () =>
      h.send({
        method: 'POST',
        path: '/oauth/v2/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post()).status).toBe(303);
    expectPage(await post(), 403, 'anti-CSRF');
  });

  it('A2-22 redirects after the credential POST use 303', async () => {
    expect((await approve2(h, goodAuthorize())).status).toBe(303);
  });

  it('A2-23 no CORS headers at the authorization endpoint, even for a cross-origin request', async () => {
    const r = await h.send({ path: authorizeQuery(goodAuthorize()), headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it('A2-24 auto-login approves without the page (opt-in) and still validates the client and redirect URI', async () => {
    const auto = await new Harness({ autoLoginUser: 'demo' }).start();
    try {
      const r = await auto.send({ path: authorizeQuery(goodAuthorize()) });
      expectRedirect(r, { state: 'st-123' });
      expectPage(
        await auto.send({ path: authorizeQuery(goodAuthorize({ redirect_uri: 'https://evil.example/cb' })) }),
        400,
        'not registered'
      );
    } finally {
      await auto.stop();
    }
  });
});
