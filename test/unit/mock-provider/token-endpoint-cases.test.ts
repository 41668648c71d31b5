import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, codeParams, getCode, Harness, REDIRECT, tokenRequest } from './helpers';
import { expectOAuth2Error, basic } from './oauth2-assertions';

/** Cases T2-01 … T2-13 and T2-28 of reference/provider-cases.md: what the token endpoint checks before any grant (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1), §3.2, §5.2). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('T2 token endpoint', () => {
  it('T2-01 GET → 405 invalid_request with Allow: POST', async () => {
    const r = await h.send({ path: '/oauth/v2/token' });
    expectOAuth2Error(r, 405, 'invalid_request', 'POST');
    expect(r.headers.allow).toBe('POST');
  });

  it('T2-02 JSON body → 400 invalid_request', async () => {
    expectOAuth2Error(
      await h.send({
        method: 'POST',
        path: '/oauth/v2/token',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type":"authorization_code"}',
      }),
      400,
      'invalid_request',
      'x-www-form-urlencoded'
    );
  });

  it('T2-03 unparsable body → 400 invalid_request', async () => {
    expectOAuth2Error(
      await h.send({
        method: 'POST',
        path: '/oauth/v2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=%zz',
      }),
      400,
      'invalid_request',
      'could not be parsed'
    );
  });

  it('T2-03 body over 1 MiB → 413 invalid_request', async () => {
    expectOAuth2Error(
      await h.send({
        method: 'POST',
        path: '/oauth/v2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.alloc(1024 * 1024 + 1, 0x61),
      }),
      413,
      'invalid_request',
      'limit'
    );
  });

  it('T2-04 grant_type missing → 400 invalid_request', async () => {
    const { grant_type: _, ...rest } = codeParams('x');
    expectOAuth2Error(await tokenRequest(h, rest), 400, 'invalid_request', 'grant_type is missing');
  });

  it('T2-05 unknown grant_type → 400 unsupported_grant_type', async () => {
    expectOAuth2Error(
      await tokenRequest(h, codeParams('x', { grant_type: 'password' })),
      400,
      'unsupported_grant_type'
    );
  });

  it('T2-06 grant type not allowed for the client → 400 unauthorized_client', async () => {
    const limited = await new Harness({
      configValue: {
        oauth2: { clients: [{ id: 'c1', secret: 's1', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] }] },
      },
    }).start();
    try {
      expectOAuth2Error(
        await tokenRequest(limited, {
          grant_type: 'refresh_token',
          refresh_token: 'r',
          client_id: 'c1',
          client_secret: 's1',
        }),
        400,
        'unauthorized_client'
      );
    } finally {
      await limited.stop();
    }
  });

  it('T2-07 repeated parameter → 400 invalid_request', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(codeParams('x')).toString()}&code=y`,
    });
    expectOAuth2Error(r, 400, 'invalid_request', 'code appears more than once');
  });

  it('T2-08 wrong secret via Basic → 401 invalid_client with a Basic challenge', async () => {
    const code = await getCode(h);
    const r = await tokenRequest(
      h,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: basic(C.client.id, 'wrong') }
    );
    expectOAuth2Error(r, 401, 'invalid_client', 'wrong client_secret');
    expect(r.headers['www-authenticate']).toBe('Basic realm="oauth-lab-mock"');
  });

  it('T2-09 wrong secret in the body → 401 invalid_client', async () => {
    const r = await tokenRequest(h, codeParams('x', { client_secret: 'wrong' }));
    expectOAuth2Error(r, 401, 'invalid_client');
    expect(r.headers['www-authenticate']).toBeUndefined();
  });

  it('T2-09b unknown client → 401 invalid_client', async () => {
    expectOAuth2Error(
      await tokenRequest(h, codeParams('x', { client_id: 'nobody' })),
      401,
      'invalid_client',
      'not a client'
    );
  });

  it('T2-10 Basic and client_secret in the body → 400 invalid_request', async () => {
    expectOAuth2Error(
      await tokenRequest(h, codeParams('x'), { authorization: basic(C.client.id, C.client.secret) }),
      400,
      'invalid_request',
      'authenticated twice'
    );
  });

  it('T2-11 client_secret in the query → 400 invalid_request', async () => {
    const r = await h.send({
      method: 'POST',
      path: `/oauth/v2/token?client_secret=${C.client.secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(codeParams('x')).toString(),
    });
    expectOAuth2Error(r, 400, 'invalid_request', 'request URI');
  });

  it('T2-11b a query that cannot be decoded → 400 invalid_request saying so, not blaming client_secret', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v2/token?x=%zz',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(codeParams('x')).toString(),
    });
    expectOAuth2Error(r, 400, 'invalid_request', 'The query cannot be decoded');
    expect(r.body).not.toContain('client_secret');
  });

  it('T2-12 Basic credentials with :, % and + are form-decoded → 200', async () => {
    const odd = await new Harness({
      configValue: { oauth2: { clients: [{ id: 'app:1', secret: 'p%s+s:w', redirectUris: [REDIRECT] }] } },
    }).start();
    try {
      const code = await getCode(odd, { client_id: 'app:1' });
      const r = await tokenRequest(
        odd,
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
        { authorization: basic('app:1', 'p%s+s:w') }
      );
      expect(r.status, r.body).toBe(200);
    } finally {
      await odd.stop();
    }
  });

  it('T2-13 client_id omitted → 400 invalid_request', async () => {
    const { client_id: _, client_secret: __, ...rest } = codeParams('x');
    expectOAuth2Error(await tokenRequest(h, rest), 400, 'invalid_request', 'client_id is missing');
  });

  it('T2-27b Basic client authentication also works', async () => {
    const code = await getCode(h);
    const r = await tokenRequest(
      h,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: basic(C.client.id, C.client.secret) }
    );
    expect(r.status, r.body).toBe(200);
  });

  it('T2-28 every error is JSON with an ASCII description (checked by expectOAuth2Error) even for non-ASCII input', async () => {
    expectOAuth2Error(
      await tokenRequest(h, codeParams('x', { grant_type: 'ünïcödé"\\' })),
      400,
      'unsupported_grant_type'
    );
  });
});
