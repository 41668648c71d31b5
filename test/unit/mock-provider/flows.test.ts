import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, CALLBACK, form, Harness, json, requestToken, signed, threeLegs, tokenRequest, tokens } from './helpers';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('happy paths over a real socket', () => {
  it('OAuth 1.0a step one answers the interface fields plus oauth_callback_confirmed', async () => {
    const r = await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const f = form(r.body);
    expect(Object.keys(f)).toEqual([
      'oauth_token',
      'oauth_token_secret',
      'oauth_expires_in',
      'oauth_callback_confirmed',
    ]);
    expect(f.oauth_expires_in).toBe('600');
    expect(f.oauth_callback_confirmed).toBe('true');
    expect(r.headers['x-oauth-lab-assumption']).toContain('RFC 5849 section 2.1');
  });

  it('three legs, then signed GET and POST API calls', async () => {
    const t = await threeLegs(h);
    expect(t.accessToken).toMatch(/^at-/);
    const get = await signed(h, {
      method: 'GET',
      path: '/api/v1/me?x=1',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
    });
    expect(get.status).toBe(200);
    expect(json(get.body)).toMatchObject({
      mockOnly: true,
      username: 'demo',
      consumerKey: C.consumer.key,
      method: 'GET',
      query: [['x', '1']],
    });
    const post = await signed(h, {
      method: 'POST',
      path: '/api/v1/me',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      body: 'status=hello%20world&a=b',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(post.status).toBe(200);
    expect(String(json(post.body).signatureBaseString)).toContain('status%3Dhello%2520world');
  });

  it('OAuth 2 code grant, bearer call and refresh', async () => {
    const t = await tokens(h, { scope: 'read' });
    expect(Object.keys(t).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(t).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read' });
    const me = await h.send({ path: '/api/v2/me', headers: { authorization: `Bearer ${String(t.access_token)}` } });
    expect(me.status).toBe(200);
    expect(json(me.body)).toMatchObject({ username: 'demo', clientId: C.client.id, scope: 'read' });
    const r = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: String(t.refresh_token),
      client_id: C.client.id,
      client_secret: C.client.secret,
    });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.pragma).toBe('no-cache');
    const n = json(r.body);
    expect(n.refresh_token).not.toBe(t.refresh_token);
    expect(n.scope).toBe('read');
  });

  it('request token from the helper is usable', async () => {
    const rt = await requestToken(h);
    expect(rt.token).toMatch(/^rt-/);
  });
});
