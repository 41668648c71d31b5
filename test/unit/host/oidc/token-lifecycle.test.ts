import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json } from '../../mock-provider/helpers';
import { clientPost, codeGrant } from './oidc-mock-session';

/** The mock's token lifecycle endpoints (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009), RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662), OIDC Core §5.3) and what stays as the service has it. */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('the service profile is unchanged', () => {
  it('a code grant without openid returns exactly the five fields of interface §2.4, no id_token', async () => {
    const { body } = await codeGrant(h, { scope: 'read', nonce: null });
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
  });

  it('a refresh with openid issues no id_token (only the code grant does)', async () => {
    const { body } = await codeGrant(h);
    const r = await clientPost(h, '/oauth/v2/token', {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token as string,
    });
    expect(r.status).toBe(200);
    expect(json(r.body).id_token).toBeUndefined();
  });
});

describe('discovery', () => {
  it('serves the same metadata at both well-known paths, with the issuer the mock answers at', async () => {
    const a = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    const b = json((await h.send({ path: '/.well-known/oauth-authorization-server' })).body);
    expect(a).toEqual(b);
    expect(a.issuer).toBe(h.base);
    expect(a.token_endpoint).toBe(`${h.base}/oauth/v2/token`);
    expect(a.id_token_signing_alg_values_supported).toEqual(['RS256', 'ES256']);
    expect((await h.send({ method: 'POST', path: '/.well-known/openid-configuration', body: '' })).status).toBe(405);
  });
});

describe('UserInfo', () => {
  it('answers with sub for an openid token, and refuses a token without openid with insufficient_scope', async () => {
    const { body } = await codeGrant(h);
    const ok = await h.send({
      path: '/oidc/userinfo',
      headers: { authorization: `Bearer ${body.access_token as string}` },
    });
    expect(ok.status).toBe(200);
    expect(json(ok.body)).toEqual({ sub: 'demo', preferred_username: 'demo', name: 'demo' });
    const plain = await codeGrant(h, { scope: 'read', nonce: null });
    const refused = await h.send({
      path: '/oidc/userinfo',
      headers: { authorization: `Bearer ${plain.body.access_token as string}` },
    });
    expect(refused.status).toBe(403);
    expect(String(refused.headers['www-authenticate'])).toContain('insufficient_scope');
    expect((await h.send({ path: '/oidc/userinfo' })).status).toBe(401);
  });
});

describe('revocation (RFC 7009) and introspection (RFC 7662)', () => {
  it('introspects an active token, revokes it, then reports it inactive and refuses it at the resource', async () => {
    const { body } = await codeGrant(h);
    const at = body.access_token as string;
    const before = json((await clientPost(h, '/oidc/introspect', { token: at })).body);
    expect(before).toMatchObject({
      active: true,
      client_id: C.client.id,
      username: 'demo',
      token_type: 'Bearer',
      sub: 'demo',
    });
    const revoked = await clientPost(h, '/oidc/revoke', { token: at, token_type_hint: 'access_token' });
    expect(revoked.status).toBe(200);
    expect(json((await clientPost(h, '/oidc/introspect', { token: at })).body)).toEqual({ active: false });
    expect((await h.send({ path: '/api/v2/me', headers: { authorization: `Bearer ${at}` } })).status).toBe(401);
  });

  it('revoking a refresh token revokes the access tokens of its grant; an unknown token is answered 200 too', async () => {
    const { body } = await codeGrant(h);
    expect((await clientPost(h, '/oidc/revoke', { token: body.refresh_token as string })).status).toBe(200);
    expect(json((await clientPost(h, '/oidc/introspect', { token: body.access_token as string })).body)).toEqual({
      active: false,
    });
    expect((await clientPost(h, '/oidc/revoke', { token: 'never-issued' })).status).toBe(200);
    // The token revoked is a secret (a refresh token): the mock's event shows the request without it.
    const revokeEvents = h.provider.events.recent().filter((e) => e.endpoint === 'oauth2.revocation');
    expect(revokeEvents.length).toBeGreaterThan(0);
    for (const e of revokeEvents) expect(JSON.stringify(e)).not.toContain(body.refresh_token as string);
  });

  it('authenticates the client as the token endpoint does', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/oidc/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: C.client.id, client_secret: 'wrong', token: 'x' }).toString(),
    });
    expect(r.status).toBe(401);
    expect(json(r.body).error).toBe('invalid_client');
    const get = await h.send({ path: '/oidc/introspect' });
    expect(get.status).toBe(405);
    expect(json(get.body).error_description).toContain('the introspection endpoint takes POST');
    expect((await clientPost(h, '/oidc/introspect', {})).status).toBe(400);
  });
});

describe('refresh token rotation with reuse detection (RFC 9700 §4.14.2)', () => {
  it('a new refresh token replaces the old; presenting the old one again revokes the whole family', async () => {
    const { body } = await codeGrant(h);
    const first = body.refresh_token as string;
    const r1 = json(
      (await clientPost(h, '/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: first })).body
    );
    const second = r1.refresh_token as string;
    expect(second).not.toBe(first);
    const replay = await clientPost(h, '/oauth/v2/token', { grant_type: 'refresh_token', refresh_token: first });
    expect(replay.status).toBe(400);
    expect(json(replay.body).error).toBe('invalid_grant');
    expect(json((await clientPost(h, '/oidc/introspect', { token: second })).body)).toEqual({ active: false });
    expect(json((await clientPost(h, '/oidc/introspect', { token: r1.access_token as string })).body)).toEqual({
      active: false,
    });
  });
});
