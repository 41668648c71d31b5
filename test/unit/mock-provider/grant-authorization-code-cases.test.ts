import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeParams, getCode, Harness, json, REDIRECT, s256, tokenRequest, VERIFIER } from './helpers';
import { expectOAuth2Error, bearer } from './oauth2-assertions';

/** Cases T2-14 … T2-27 of reference/provider-cases.md: the authorization_code grant (interface §4.2, RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3), RFC 7636 (https://www.rfc-editor.org/rfc/rfc7636)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('T2 authorization_code grant', () => {
  it('T2-14 code missing → 400 invalid_request', async () => {
    const { code: _, ...rest } = codeParams('x');
    expectOAuth2Error(await tokenRequest(h, rest), 400, 'invalid_request', 'code is missing');
  });

  it('T2-15 unknown code → 400 invalid_grant', async () => {
    expectOAuth2Error(await tokenRequest(h, codeParams('garbage')), 400, 'invalid_grant', 'unknown');
  });

  it('T2-16 expired code → 400 invalid_grant', async () => {
    const clocked = await new Harness({ configValue: { lifetimes: { codeTtl: 5 } } }).start();
    try {
      const code = await getCode(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 6 });
      expectOAuth2Error(await tokenRequest(clocked, codeParams(code)), 400, 'invalid_grant', 'expired');
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
    expectOAuth2Error(await tokenRequest(h, codeParams(code)), 400, 'invalid_grant', 'already used');
    const after = await h.send({ path: '/api/v2/me', headers: bearer(access) });
    expect(after.status).toBe(401);
    expect(String(after.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('T2-18 code of another client → 400 invalid_grant', async () => {
    const two = await new Harness({
      configValue: {
        oauth2: {
          clients: [
            { id: 'a', secret: 'sa', redirectUris: [REDIRECT] },
            { id: 'b', secret: 'sb', redirectUris: [REDIRECT] },
          ],
        },
      },
    }).start();
    try {
      const code = await getCode(two, { client_id: 'a' });
      expectOAuth2Error(
        await tokenRequest(two, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: 'b',
          client_secret: 'sb',
        }),
        400,
        'invalid_grant',
        'another client'
      );
    } finally {
      await two.stop();
    }
  });

  it('T2-19 redirect_uri omitted → 400 invalid_request', async () => {
    const { redirect_uri: _, ...rest } = codeParams(await getCode(h));
    expectOAuth2Error(await tokenRequest(h, rest), 400, 'invalid_request', 'redirect_uri is missing');
  });

  it('T2-20 redirect_uri differs (another loopback port) → 400 invalid_grant', async () => {
    const code = await getCode(h);
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code, { redirect_uri: 'http://127.0.0.1:9999/callback' })),
      400,
      'invalid_grant',
      'identical'
    );
  });

  it('T2-21 challenge stored but no code_verifier → 400 invalid_grant', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectOAuth2Error(await tokenRequest(h, codeParams(code)), 400, 'invalid_grant', 'code_verifier is missing');
  });

  it('T2-22 verifier does not match → 400 invalid_grant, and the code is spent', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code, { code_verifier: 'x'.repeat(43) })),
      400,
      'invalid_grant',
      'does not match'
    );
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code, { code_verifier: VERIFIER })),
      400,
      'invalid_grant',
      'already used'
    );
  });

  it('T2-22b PKCE S256 verifies; plain is refused by default, and verifies under allowPlainPkce (RFC 9700 §2.1.1)', async () => {
    const c1 = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expect((await tokenRequest(h, codeParams(c1, { code_verifier: VERIFIER }))).status).toBe(200);
    const plain = { code_challenge: VERIFIER, code_challenge_method: 'plain' };
    await expect(getCode(h, plain)).rejects.toThrow(/error=invalid_request&error_description=.*allowPlainPkce/);
    await h.settings({ switches: { allowPlainPkce: true } });
    try {
      const c2 = await getCode(h, plain);
      expect((await tokenRequest(h, codeParams(c2, { code_verifier: VERIFIER }))).status).toBe(200);
    } finally {
      await h.settings({ switches: { allowPlainPkce: false } });
    }
  });

  it('T2-23 malformed verifier → 400 invalid_request', async () => {
    const code = await getCode(h, { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' });
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code, { code_verifier: 'too-short' })),
      400,
      'invalid_request',
      'code_verifier must be 43 to 128'
    );
  });

  it('T2-24 PKCE downgrade: verifier without a stored challenge → 400 invalid_grant', async () => {
    const code = await getCode(h);
    expectOAuth2Error(
      await tokenRequest(h, codeParams(code, { code_verifier: VERIFIER })),
      400,
      'invalid_grant',
      'downgrade'
    );
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
});
