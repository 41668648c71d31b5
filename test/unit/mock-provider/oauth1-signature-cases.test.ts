import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, Harness, json, requestToken, signed, threeLegs } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-13 … O1-17 and O1-19 of reference/provider-cases.md: consumerKnown and signatureMatches, with the base string the provider builds (RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 consumer and signature', () => {
  it('O1-13 unknown consumer key → 401 consumer_key_unknown', async () => {
    expectProblem(await rt({ consumerKey: 'nobody' }), 401, 'consumer_key_unknown');
  });

  it('O1-14 wrong consumer secret → 401 signature_invalid, advice carries the provider base string', async () => {
    const f = expectProblem(await rt({ consumerSecret: 'not-the-secret' }), 401, 'signature_invalid');
    expect(f.oauth_problem_advice).toContain(
      `POST&http%3A%2F%2F${encodeURIComponent(h.host)}%2Foauth%2Fv1%2Frequest_token&oauth_callback%3D`
    );
  });

  it('O1-14 wrong token secret at step three → 401 signature_invalid', async () => {
    const t = await requestToken(h);
    expectProblem(
      await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: 'wrong', verifier: 'v' }),
      401,
      'signature_invalid'
    );
  });

  it('O1-14 tampered parameter after signing → 401 signature_invalid', async () => {
    expectProblem(
      await rt({ mutateHeader: (v) => v.replace(/oauth_nonce="[^"]*"/, 'oauth_nonce="tampered123"') }),
      401,
      'signature_invalid'
    );
  });

  it('O1-14 signed for another URL → 401 signature_invalid', async () => {
    expectProblem(await rt({ signUrl: `${h.base}/oauth/v1/request_tokens` }), 401, 'signature_invalid');
  });

  for (const [label, sig] of [
    ['empty', ''],
    ['non-base64', '!!!not base64!!!'],
    ['non-ASCII', 'alt%C3%A9rer'],
  ] as const) {
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
    const r = await signed(h, {
      method: 'POST',
      path: '/api/v1/me',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      body,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(200);
    const wrong = await signed(h, {
      method: 'POST',
      path: '/api/v1/me',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      body,
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'Content-Type': 'application/json' },
    });
    expectProblem(wrong, 401, 'signature_invalid');
  });

  it('O1-17 encoding corner cases (+, duplicates, empty values, =%3D) verify when signed per the RFC', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, {
      method: 'POST',
      path: '/api/v1/me?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      body: 'c2&a3=2+q',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain(
      'a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D'
    );
  });

  it('O1-17 "+" in the query is a space (RFC 5849 §3.4.1.3.1: form decoding), as oauthlib signs it', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, {
      method: 'GET',
      path: '/api/v1/me?q=a+b%2Bc',
      signUrl: `${h.base}/api/v1/me?q=a%20b%2Bc`,
      token: t.accessToken,
      tokenSecret: t.accessSecret,
    });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain('q%3Da%2520b%252Bc');
  });

  it('O1-19 realm in the query is an ordinary signed parameter; realm in the header is not signed', async () => {
    const t = await threeLegs(h);
    const r = await signed(h, {
      method: 'GET',
      path: '/api/v1/me?realm=photos',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      mutateHeader: (v) => v.replace(/^OAuth /, 'OAuth realm="ignored", '),
    });
    expect(r.status, r.body).toBe(200);
    expect(String(json(r.body).signatureBaseString)).toContain('realm%3Dphotos');
    expect(String(json(r.body).signatureBaseString)).not.toContain('ignored');
  });
});
