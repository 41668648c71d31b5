import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, tokenRequest, tokens } from './helpers';
import { expectOAuth2Error, bearer } from './oauth2-assertions';

/** Cases R2-01 … R2-07 of reference/provider-cases.md: the refresh_token grant (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6), an assumption). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('R2 refresh grant (RFC 6749 §6, an assumption)', () => {
  const refresh = (token: string, extra: Record<string, string> = {}) =>
    tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: token,
      client_id: C.client.id,
      client_secret: C.client.secret,
      ...extra,
    });

  it('R2-01 refresh_token missing → 400 invalid_request', async () => {
    expectOAuth2Error(
      await tokenRequest(h, { grant_type: 'refresh_token', client_id: C.client.id, client_secret: C.client.secret }),
      400,
      'invalid_request',
      'refresh_token is missing'
    );
  });

  it('R2-02 unknown refresh token → 400 invalid_grant', async () => {
    expectOAuth2Error(await refresh('garbage'), 400, 'invalid_grant', 'unknown');
  });

  it('R2-03 expired refresh token → 400 invalid_grant', async () => {
    const clocked = await new Harness({ configValue: { lifetimes: { refreshTokenTtl: 100 } } }).start();
    try {
      const t = await tokens(clocked);
      await clocked.admin('POST', '/_mock/clock/advance', { seconds: 101 });
      expectOAuth2Error(
        await tokenRequest(clocked, {
          grant_type: 'refresh_token',
          refresh_token: String(t.refresh_token),
          client_id: C.client.id,
          client_secret: C.client.secret,
        }),
        400,
        'invalid_grant',
        'expired'
      );
    } finally {
      await clocked.stop();
    }
  });

  it('R2-04 unauthenticated confidential client → 401 invalid_client', async () => {
    const t = await tokens(h);
    expectOAuth2Error(
      await tokenRequest(h, {
        grant_type: 'refresh_token',
        refresh_token: String(t.refresh_token),
        client_id: C.client.id,
      }),
      401,
      'invalid_client',
      'client_secret is missing'
    );
  });

  it('R2-05 scope beyond the grant → 400 invalid_scope; narrowing is allowed', async () => {
    const t = await tokens(h, { scope: 'read' });
    expectOAuth2Error(await refresh(String(t.refresh_token), { scope: 'read write' }), 400, 'invalid_scope', 'write');
    const narrowed = await refresh(String(t.refresh_token), { scope: 'read' });
    expect(narrowed.status).toBe(200);
  });

  it('R2-06 replay of a rotated refresh token → 400 invalid_grant and the grant is revoked', async () => {
    const t = await tokens(h, { scope: 'read' });
    const second = json((await refresh(String(t.refresh_token))).body);
    expectOAuth2Error(await refresh(String(t.refresh_token)), 400, 'invalid_grant', 'already used');
    expectOAuth2Error(await refresh(String(second.refresh_token)), 400, 'invalid_grant', 'revoked');
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
