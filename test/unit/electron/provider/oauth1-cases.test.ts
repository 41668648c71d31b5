import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { C, CALLBACK, form, Harness, json, nonce, requestToken, send, signed, threeLegs, type Res } from './helpers';

/** Cases O1-01 … O1-32 of reference/provider-cases.md, each with its expected status and body. */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(async () => {
  // Every test starts from the default switches.
  await h.settings({ switches: { requireTls: false, signatureMethods: ['HMAC-SHA1'], plaintextRequiresTls: true, oauth1HeaderOnly: false, oauth1Callback: 'registered' } });
});

function expectProblem(r: Res, status: number, problem: string, extra: Record<string, string> = {}): Record<string, string> {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const f = form(r.body);
  expect(f.oauth_problem).toBe(problem);
  expect(f.oauth_problem_advice?.length ?? 0).toBeGreaterThan(10);
  for (const [k, v] of Object.entries(extra)) expect(f[k], k).toBe(v);
  if (status === 401) expect(String(r.headers['www-authenticate'])).toContain(`oauth_problem="${problem}"`);
  else expect(r.headers['www-authenticate']).toBeUndefined();
  return f;
}

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 signed requests', () => {
  it('O1-01 TLS required (switch) → 400 parameter_rejected', async () => {
    await h.settings({ switches: { requireTls: true } });
    const f = expectProblem(await rt(), 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('TLS');
  });

  it('O1-02 PLAINTEXT over plain http → 400 signature_method_rejected', async () => {
    await h.settings({ switches: { signatureMethods: ['HMAC-SHA1', 'PLAINTEXT'] } });
    const f = expectProblem(await rt({ signatureMethod: 'PLAINTEXT' }), 400, 'signature_method_rejected');
    expect(f.oauth_problem_advice).toContain('TLS');
  });

  it('O1-02b PLAINTEXT accepted when the TLS rule is switched off', async () => {
    await h.settings({ switches: { signatureMethods: ['PLAINTEXT'], plaintextRequiresTls: false } });
    const r = await rt({ signatureMethod: 'PLAINTEXT' });
    expect(r.status, r.body).toBe(200);
    expect(form(r.body).oauth_callback_confirmed).toBe('true');
  });

  it('O1-03 protected resource without credentials → 401 with the OAuth challenge', async () => {
    const r = await h.send({ path: '/api/v1/me' });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('OAuth realm="oauth-lab-mock"');
    expect(form(r.body).oauth_problem).toBe('parameter_absent');
    expect(form(r.body).oauth_parameters_absent).toBe('oauth_consumer_key&oauth_signature_method&oauth_signature&oauth_timestamp&oauth_nonce');
  });

  it('O1-04 protocol parameters in header and query → 400 parameter_rejected', async () => {
    const r = await signed(h, { path: `${RT}?oauth_nonce=x`, callback: CALLBACK });
    const f = expectProblem(r, 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('header and query');
    expect(f.oauth_parameters_rejected).toBe('oauth_nonce');
  });

  it('O1-05 duplicated protocol parameter → 400 parameter_rejected', async () => {
    const f = expectProblem(await rt({ mutateHeader: (v) => `${v}, oauth_nonce="again"` }), 400, 'parameter_rejected');
    expect(f.oauth_parameters_rejected).toBe('oauth_nonce');
  });

  for (const missing of ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce']) {
    it(`O1-06 missing ${missing} → 400 parameter_absent`, async () => {
      const r = await rt({ mutateHeader: (v) => v.replace(new RegExp(`${missing}="[^"]*"(, )?`), '') });
      expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: missing });
      expect(r.body).toContain(`oauth_parameters_absent=${missing}`);
    });
  }

  it('O1-06b two missing parameters are listed, encoded twice', async () => {
    const r = await rt({ mutateHeader: (v) => v.replace(/oauth_nonce="[^"]*", ?/, '').replace(/oauth_timestamp="[^"]*", ?/, '') });
    expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_timestamp&oauth_nonce' });
    expect(r.body).toContain('oauth_parameters_absent=oauth_timestamp%26oauth_nonce');
  });

  for (const method of ['HMAC-MD5', 'RSA-SHA1', 'hmac-sha1']) {
    it(`O1-07 signature method ${method} → 400 signature_method_rejected`, async () => {
      const f = expectProblem(await rt({ mutateHeader: (v) => v.replace('HMAC-SHA1', method) }), 400, 'signature_method_rejected');
      expect(f.oauth_problem_advice).toContain('HMAC-SHA1');
    });
  }

  it('O1-08 oauth_version 2.0 → 400 version_rejected with acceptable versions', async () => {
    expectProblem(await rt({ mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version="2.0"') }), 400, 'version_rejected', { oauth_acceptable_versions: '1.0-1.0' });
  });

  it('O1-08b oauth_version omitted is accepted (RFC 5849 §3.1: OPTIONAL)', async () => {
    expect((await rt({ includeVersion: false })).status).toBe(200);
  });

  for (const ts of ['abc', '-5', '1.5e9', '0', '']) {
    it(`O1-09 timestamp ${JSON.stringify(ts)} → 400 ${ts === '' ? 'parameter_absent' : 'timestamp_refused'}`, async () => {
      const r = await rt({ mutateHeader: (v) => v.replace(/oauth_timestamp="[^"]*"/, `oauth_timestamp="${ts}"`) });
      if (ts === '') expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_timestamp' });
      else expectProblem(r, 400, 'timestamp_refused');
    });
  }

  it('O1-10 timestamp outside ±600 s → 400 timestamp_refused with the window', async () => {
    const now = h.nowSeconds();
    const f = expectProblem(await rt({ timestamp: String(now - 601) }), 400, 'timestamp_refused');
    const [min, max] = f.oauth_acceptable_timestamps!.split('-').map(Number);
    expect(max! - min!).toBe(1200);
    expect(Math.abs(min! - (now - 600))).toBeLessThanOrEqual(2);
  });

  it('O1-11 nonce reused with the same timestamp → 401 nonce_used', async () => {
    const n = nonce();
    const timestamp = String(h.nowSeconds());
    expect((await rt({ nonce: n, timestamp })).status).toBe(200);
    expectProblem(await rt({ nonce: n, timestamp }), 401, 'nonce_used');
  });

  it('O1-11b a forged request does not burn the nonce', async () => {
    const n = nonce();
    const timestamp = String(h.nowSeconds());
    expectProblem(await rt({ nonce: n, timestamp, consumerSecret: 'wrong' }), 401, 'signature_invalid');
    expect((await rt({ nonce: n, timestamp })).status).toBe(200);
  });

  it('O1-12 oversized nonce → 400 parameter_rejected', async () => {
    expectProblem(await rt({ nonce: 'n'.repeat(300) }), 400, 'parameter_rejected', { oauth_parameters_rejected: 'oauth_nonce' });
  });

  it('O1-12b nonce with a space or non-ASCII character → 400 parameter_rejected', async () => {
    expectProblem(await rt({ nonce: 'a b' }), 400, 'parameter_rejected', { oauth_parameters_rejected: 'oauth_nonce' });
    expectProblem(await rt({ nonce: 'nonce-é' }), 400, 'parameter_rejected', { oauth_parameters_rejected: 'oauth_nonce' });
  });

  it('O1-13 unknown consumer key → 401 consumer_key_unknown', async () => {
    expectProblem(await rt({ consumerKey: 'nobody' }), 401, 'consumer_key_unknown');
  });

  it('O1-14 wrong consumer secret → 401 signature_invalid, advice carries the provider base string', async () => {
    const f = expectProblem(await rt({ consumerSecret: 'not-the-secret' }), 401, 'signature_invalid');
    expect(f.oauth_problem_advice).toContain(`POST&http%3A%2F%2F${encodeURIComponent(h.host)}%2Foauth%2Fv1%2Frequest_token&oauth_callback%3D`);
  });

  it('O1-14 wrong token secret at step three → 401 signature_invalid', async () => {
    const t = await requestToken(h);
    expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: 'wrong', verifier: 'v' }), 401, 'signature_invalid');
  });

  it('O1-14 tampered parameter after signing → 401 signature_invalid', async () => {
    expectProblem(await rt({ mutateHeader: (v) => v.replace(/oauth_nonce="[^"]*"/, 'oauth_nonce="tampered123"') }), 401, 'signature_invalid');
  });

  it('O1-14 signed for another URL → 401 signature_invalid', async () => {
    expectProblem(await rt({ signUrl: `${h.base}/oauth/v1/request_tokens` }), 401, 'signature_invalid');
  });

  for (const [label, sig] of [['empty', ''], ['non-base64', '!!!not base64!!!'], ['non-ASCII', 'alt%C3%A9rer']] as const) {
    it(`O1-14 ${label} signature → ${label === 'empty' ? '400 parameter_absent' : '401 signature_invalid'}`, async () => {
      const r = await rt({ mutateHeader: (v) => v.replace(/oauth_signature="[^"]*"/, `oauth_signature="${sig}"`) });
      if (label === 'empty') expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_signature' });
      else expectProblem(r, 401, 'signature_invalid');
    });
  }

  it('O1-15 base string URI from the Host header: uppercase host and default port in the signed URL still verify', async () => {
    const port = new URL(h.base).port;
    const r = await rt({ signUrl: `HTTP://127.0.0.1:${port}${RT}` });
    expect(r.status, r.body).toBe(200);
  });

  it('O1-15 client signed for a different host than it addressed → 401 signature_invalid', async () => {
    const port = new URL(h.base).port;
    expectProblem(await rt({ signUrl: `http://localhost:${port}${RT}` }), 401, 'signature_invalid');
  });

  it('O1-15 Host: localhost:PORT signed as localhost verifies', async () => {
    const port = new URL(h.base).port;
    const r = await rt({ signUrl: `http://localhost:${port}${RT}`, headers: { host: `localhost:${port}` } });
    expect(r.status, r.body).toBe(200);
  });

  it('O1-16 JSON body parameters signed as if form → 401 signature_invalid', async () => {
    const t = await threeLegs(h);
    const body = 'a=1&b=2';
    // The client signs the body as form parameters but sends it as JSON: the provider leaves it out (§3.4.1.3.1).
    const r = await signed(h, { method: 'POST', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret, body, contentType: 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(200);
    const wrong = await signed(h, { method: 'POST', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret, body, contentType: 'application/x-www-form-urlencoded', headers: { 'Content-Type': 'application/json' } });
    expectProblem(wrong, 401, 'signature_invalid');
  });

  it('O1-17 encoding corner cases (+, duplicates, empty values, =%3D) verify when signed per the RFC', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, { method: 'POST', path: '/api/v1/me?b5=%3D%253D&a3=a&c%40=&a2=r%20b', token: t.accessToken, tokenSecret: t.accessSecret, body: 'c2&a3=2+q', contentType: 'application/x-www-form-urlencoded' });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain('a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D');
  });

  it('O1-17 "+" in the query is a space (RFC 5849 §3.4.1.3.1: form decoding), as oauthlib signs it', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, { method: 'GET', path: '/api/v1/me?q=a+b%2Bc', signUrl: `${h.base}/api/v1/me?q=a%20b%2Bc`, token: t.accessToken, tokenSecret: t.accessSecret });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain('q%3Da%2520b%252Bc');
  });

  it('O1-18 non-OAuth scheme → 400 parameter_rejected', async () => {
    const f = expectProblem(await h.send({ method: 'POST', path: RT, headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('Basic');
  });

  it('O1-18 value without quotes → 400 parameter_rejected naming the parameter', async () => {
    const f = expectProblem(await rt({ mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version=1.0') }), 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('oauth_version');
  });

  it('O1-18 scheme is case-insensitive ("oAuTh")', async () => {
    expect((await rt({ mutateHeader: (v) => v.replace(/^OAuth/, 'oAuTh') })).status).toBe(200);
  });

  it('O1-19 realm in the query is an ordinary signed parameter; realm in the header is not signed', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, { method: 'GET', path: '/api/v1/me?realm=photos', token: t.accessToken, tokenSecret: t.accessSecret, mutateHeader: (v) => v.replace(/^OAuth /, 'OAuth realm="ignored", ') });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain('realm%3Dphotos');
    expect(String(json(r.body).signatureBaseString)).not.toContain('ignored');
  });

  it('O1-20 request token without oauth_callback → 400 parameter_absent', async () => {
    const f = expectProblem(await signed(h, { path: RT }), 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_callback' });
    expect(f.oauth_problem_advice).toContain('oob');
  });

  for (const cb of ['OOB', '/relative/callback', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'http://127.0.0.1:8765/other', 'http://localhost:8765/callback', 'http://127.0.0.1:@evil.example/callback']) {
    it(`O1-21 oauth_callback ${cb} → 400 parameter_rejected`, async () => {
      expectProblem(await rt({ callback: cb }), 400, 'parameter_rejected', { oauth_parameters_rejected: 'oauth_callback' });
    });
  }

  it('O1-21b loopback callback on another port and "oob" are accepted', async () => {
    expect((await rt({ callback: 'http://127.0.0.1:50123/callback' })).status).toBe(200);
    expect((await rt({ callback: 'oob' })).status).toBe(200);
  });

  it('O1-22 success: 200 with oauth_callback_confirmed=true', async () => {
    const r = await rt();
    expect(r.status).toBe(200);
    expect(form(r.body)).toMatchObject({ oauth_callback_confirmed: 'true', oauth_expires_in: '600' });
  });

  it('O1-23 request token used at the resource → 401 token_rejected', async () => {
    const t = await requestToken(h);
    const f = expectProblem(await signed(h, { method: 'GET', path: '/api/v1/me', token: t.token, tokenSecret: t.secret }), 401, 'token_rejected');
    expect(f.oauth_problem_advice).toContain('request token');
  });

  it('O1-23 access token used at step three → 401 token_rejected', async () => {
    const t = await threeLegs(h);
    const f = expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.accessToken, tokenSecret: t.accessSecret, verifier: t.verifier }), 401, 'token_rejected');
    expect(f.oauth_problem_advice).toContain('access token');
  });

  it('O1-24 step three without oauth_token → 400 parameter_absent', async () => {
    expectProblem(await signed(h, { path: '/oauth/v1/access_token', verifier: 'v' }), 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_token' });
  });

  it('O1-25 step three without oauth_verifier → 400 parameter_absent', async () => {
    const t = await requestToken(h);
    expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret }), 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_verifier' });
  });

  it('O1-26 wrong verifier → 401 token_rejected', async () => {
    const t = await threeLegsUntilVerifier();
    const f = expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier: 'wrong-verifier' }), 401, 'token_rejected');
    expect(f.oauth_problem_advice).toContain('oauth_verifier');
  });

  it('O1-27 request token not yet authorized → 401 token_rejected', async () => {
    const t = await requestToken(h);
    const f = expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier: 'anything' }), 401, 'token_rejected');
    expect(f.oauth_problem_advice).toContain('not authorized');
  });

  it('O1-28 request token exchanged twice → 401 token_used', async () => {
    const t = await threeLegs(h);
    expectProblem(await signed(h, { path: '/oauth/v1/access_token', token: t.requestToken, tokenSecret: t.requestSecret, verifier: t.verifier }), 401, 'token_used');
  });

  it('O1-30 token issued to a different consumer → 401 token_rejected', async () => {
    const other = new Harness({ configValue: { oauth1: { consumers: [{ key: C.consumer.key, secret: C.consumer.secret, callback: CALLBACK }, { key: 'second', secret: 'second-secret', callback: CALLBACK }] } } });
    await other.start();
    try {
      const t = await requestToken(other);
      const f = expectProblem(await signed(other, { path: '/oauth/v1/access_token', consumerKey: 'second', consumerSecret: 'second-secret', token: t.token, tokenSecret: t.secret, verifier: 'v' }), 401, 'token_rejected');
      expect(f.oauth_problem_advice).toContain('different consumer');
    } finally {
      await other.stop();
    }
  });

  it('O1-31 deauthorized access token at the resource → 401 token_revoked', async () => {
    const t = await threeLegs(h);
    const d = await h.admin('POST', `/_mock/oauth1/access-tokens/${t.accessToken}/deauthorize`);
    expect(d.status).toBe(200);
    expect(json(d.body)).toMatchObject({ token: t.accessToken, status: 'deauthorized' });
    expectProblem(await signed(h, { method: 'GET', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret }), 401, 'token_revoked');
  });

  it('O1-32 nonce memory is bounded; forgotten timestamps are refused, not replayable', async () => {
    const small = await new Harness({ configValue: { switches: { nonceMemory: 3 } } }).start();
    try {
      const old = String(small.nowSeconds() - 100);
      const first = nonce();
      expect((await signed(small, { path: RT, callback: CALLBACK, nonce: first, timestamp: old })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await signed(small, { path: RT, callback: CALLBACK })).status).toBe(200);
      const state = json((await small.send({ path: '/_mock/state' })).body) as { state: { oauth1: { noncesRemembered: number } } };
      expect(state.state.oauth1.noncesRemembered).toBe(3);
      // The first nonce was forgotten; its replay is still refused, by its timestamp.
      const f = expectProblem(await signed(small, { path: RT, callback: CALLBACK, nonce: first, timestamp: old }), 400, 'timestamp_refused');
      expect(f.oauth_problem_advice).toContain('nonce memory');
    } finally {
      await small.stop();
    }
  });

  it('parameters in the form body verify (RFC 5849 §3.5.2), unless the header-only switch is on', async () => {
    expect((await rt({ placement: 'body', body: 'x=1', contentType: 'application/x-www-form-urlencoded' })).status).toBe(200);
    await h.settings({ switches: { oauth1HeaderOnly: true } });
    expectProblem(await rt({ placement: 'body', body: 'x=1', contentType: 'application/x-www-form-urlencoded' }), 400, 'parameter_rejected');
  });

  it('parameters in the query verify (RFC 5849 §3.5.3)', async () => {
    expect((await rt({ placement: 'query' })).status).toBe(200);
  });

  it('GET on request_token → 405 with Allow: POST', async () => {
    const r = await send(h.base, { path: RT });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expect(form(r.body).oauth_problem).toBe('parameter_rejected');
  });
});

async function threeLegsUntilVerifier(): Promise<{ token: string; secret: string }> {
  const t = await requestToken(h);
  const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const r = await h.send({ method: 'POST', path: '/oauth/v1/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString() });
  expect(r.status).toBe(303);
  return t;
}
