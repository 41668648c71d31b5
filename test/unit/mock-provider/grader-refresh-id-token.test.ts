import { afterEach, describe, expect, it } from 'vitest';
import { GraderServer } from '../../../mock-provider/grader/grader-server';
import { scenarioById } from '../../../shared/grade/scenarios';

/**
 * The grader's refreshed id_token (OpenID Connect Core §12.2): the same iss, sub and aud as the first one, and the
 * auth_time of the original authentication, not of the refresh. The grader's clock is moved between the code grant
 * and the refresh, so a refresh stamped with its own time shows.
 */
let server: GraderServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('the grader: a refreshed id_token', () => {
  it('keeps the original authentication: auth_time, iss, sub and aud of the first id_token', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    server = await GraderServer.start({ now: () => now });
    const issuer = server.begin(scenarioById('oidcc-client-test-refresh-token')!).issuer;
    const { clientId, clientSecret, redirectUri } = server.client;
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const authorize = await fetch(
      `${issuer}/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: 'openid', nonce: 'n-1' })}`,
      { redirect: 'manual' }
    );
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const token = (body: Record<string, string>) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    now += 3600_000;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });

    const before = claimsOf(first.id_token!);
    const after = claimsOf(refreshed.id_token!);
    expect(before.auth_time).toBe(Date.UTC(2026, 0, 1, 12, 0, 0) / 1000);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.iat).toBe(Number(before.iat) + 3600);
    expect({ iss: after.iss, sub: after.sub, aud: after.aud }).toEqual({
      iss: before.iss,
      sub: before.sub,
      aud: before.aud,
    });
    expect(after).not.toHaveProperty('nonce');
  });
});
