import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, REDIRECT, tokenRequest } from './helpers';
import { basic, bearer, expectOAuth2Error } from './oauth2-assertions';

/** The client_credentials grant (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)), mock-only, over real sockets. */
const h = new Harness({
  configValue: {
    oauth2: {
      clients: [
        { ...C.client, redirectUris: [REDIRECT] },
        { id: 'narrow', secret: 'narrow-secret', redirectUris: [REDIRECT], scopes: ['read'] },
        { id: 'public', redirectUris: [REDIRECT] },
        { id: 'code-only', secret: 'code-secret', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] },
      ],
    },
  },
});
beforeAll(() => h.start());
afterAll(() => h.stop());

const cc = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  tokenRequest(h, { grant_type: 'client_credentials', ...params }, headers);

describe('client_credentials (RFC 6749 §4.4)', () => {
  it('issues a bearer token and no refresh token (§4.4.3); the token works at the resource', async () => {
    const r = await cc({ scope: 'read write' }, { authorization: basic(C.client.id, C.client.secret) });
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'read write', expires_in: 3600 });
    expect(body.refresh_token).toBeUndefined();
    const me = await h.send({ path: '/api/v2/me', headers: bearer(String(body.access_token)) });
    expect(me.status, me.body).toBe(200);
  });

  it('without a scope the client gets its registered scopes', async () => {
    const r = await cc({ client_id: 'narrow', client_secret: 'narrow-secret' });
    expect(json(r.body).scope).toBe('read');
  });

  it("a scope beyond the client's is invalid_scope naming it", async () => {
    expectOAuth2Error(
      await cc({ client_id: 'narrow', client_secret: 'narrow-secret', scope: 'read write' }),
      400,
      'invalid_scope',
      "Scope write is not among client narrow's scopes (read)"
    );
  });

  it('requires client authentication: a wrong secret is invalid_client, a public client unauthorized_client', async () => {
    expectOAuth2Error(
      await cc({ client_id: C.client.id, client_secret: 'wrong' }),
      401,
      'invalid_client',
      'wrong client_secret'
    );
    expectOAuth2Error(await cc({ client_id: 'public' }), 400, 'unauthorized_client', 'public client');
  });

  it('a client not allowed the grant is unauthorized_client', async () => {
    expectOAuth2Error(
      await cc({ client_id: 'code-only', client_secret: 'code-secret' }),
      400,
      'unauthorized_client',
      'may not use the client_credentials grant'
    );
  });

  it('the token introspects as the client itself', async () => {
    const t = json((await cc({ client_id: C.client.id, client_secret: C.client.secret })).body);
    const r = await h.send({
      method: 'POST',
      path: '/oidc/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: String(t.access_token),
        client_id: C.client.id,
        client_secret: C.client.secret,
      }).toString(),
    });
    expect(json(r.body)).toMatchObject({ active: true, client_id: C.client.id, sub: C.client.id });
  });
});
