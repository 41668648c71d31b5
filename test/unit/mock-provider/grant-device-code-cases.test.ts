import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, REDIRECT, tokenRequest, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/** The device authorization grant (RFC 8628 (https://www.rfc-editor.org/rfc/rfc8628)), mock-only, over real sockets: the endpoint, the polling answers, the verification page. */
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const config = {
  oauth2: {
    clients: [
      { id: 'tv', redirectUris: [REDIRECT], grantTypes: [DEVICE_GRANT] },
      { id: 'web', secret: 'web-secret', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] },
    ],
  },
};
const h = new Harness({ configValue: config });
beforeAll(() => h.start());
afterAll(() => h.stop());

const formPost = (target: Harness, path: string, params: Record<string, string>): Promise<Res> =>
  target.send({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });

interface DeviceStart {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

async function start(target: Harness = h, clientId = 'tv'): Promise<DeviceStart> {
  const r = await formPost(target, '/oidc/device_authorization', { client_id: clientId, scope: 'read' });
  expect(r.status, r.body).toBe(200);
  return json(r.body) as unknown as DeviceStart;
}

const poll = (target: Harness, deviceCode: string) =>
  tokenRequest(target, { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: 'tv' });

/** The user at the verification page: open it, type the code and log in, then approve or deny. */
async function answer(
  target: Harness,
  userCode: string,
  decision: 'approve' | 'deny',
  password: string = C.user.password
) {
  const page = await target.send({ path: '/oidc/device' });
  expect(page.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return formPost(target, '/oidc/device', { csrf, user_code: userCode, username: 'demo', password, decision });
}

describe('device authorization (RFC 8628)', () => {
  it('answers device_code, user_code, verification_uri(_complete), expires_in and interval (§3.2)', async () => {
    const d = await start();
    expect(d.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(d.verification_uri).toBe(`${h.base}/oidc/device`);
    expect(d.verification_uri_complete).toBe(`${h.base}/oidc/device?user_code=${d.user_code}`);
    expect(d.expires_in).toBe(600);
    expect(d.interval).toBe(5);
  });

  it('polling: authorization_pending, then slow_down when too fast (interval +5 s, §3.5), then tokens once approved', async () => {
    const d = await start();
    expectOAuth2Error(await poll(h, d.device_code), 400, 'authorization_pending', d.user_code);
    expectOAuth2Error(await poll(h, d.device_code), 400, 'slow_down', 'the interval is now 10 s');
    await h.admin('POST', '/_mock/clock/advance', { seconds: 11 });
    expectOAuth2Error(await poll(h, d.device_code), 400, 'authorization_pending');
    const approved = await answer(h, d.user_code.toLowerCase().replace('-', ' '), 'approve');
    expect(approved.status, approved.body).toBe(200);
    expect(approved.body).toContain('Device connected');
    await h.admin('POST', '/_mock/clock/advance', { seconds: 11 });
    const r = await poll(h, d.device_code);
    expect(r.status, r.body).toBe(200);
    expect(json(r.body)).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(json(r.body).refresh_token).toEqual(expect.any(String));
    await h.admin('POST', '/_mock/clock/advance', { seconds: 11 });
    expectOAuth2Error(await poll(h, d.device_code), 400, 'invalid_grant', 'already exchanged');
  });

  it('the switch devicePollInterval sets the interval first given; slow_down measures from it', async () => {
    expect((await h.settings({ switches: { devicePollInterval: 0 } })).body).toContain(
      'devicePollInterval must be at least 1 second'
    );
    expect((await h.settings({ switches: { devicePollInterval: 2 } })).status).toBe(200);
    try {
      const d = await start();
      expect(d.interval).toBe(2);
      expectOAuth2Error(await poll(h, d.device_code), 400, 'authorization_pending', 'poll again in 2 s');
      await h.admin('POST', '/_mock/clock/advance', { seconds: 3 });
      expectOAuth2Error(await poll(h, d.device_code), 400, 'authorization_pending');
      await h.admin('POST', '/_mock/clock/advance', { seconds: 1 });
      expectOAuth2Error(await poll(h, d.device_code), 400, 'slow_down', 'sooner than the interval of 2 s');
    } finally {
      await h.settings({ switches: { devicePollInterval: 5 } });
    }
  });

  it('access_denied when the user denies (§3.5)', async () => {
    const d = await start();
    const denied = await answer(h, d.user_code, 'deny');
    expect(denied.body).toContain('Device not connected');
    expectOAuth2Error(await poll(h, d.device_code), 400, 'access_denied', 'denied');
  });

  it('a wrong password shows the page again, the code still pending', async () => {
    const d = await start();
    const r = await answer(h, d.user_code, 'approve', 'wrong');
    expect(r.status).toBe(401);
    expect(r.body).toContain('Unknown username or wrong password.');
    expectOAuth2Error(await poll(h, d.device_code), 400, 'authorization_pending');
  });

  it('an unknown code is named on the page', async () => {
    const r = await answer(h, 'BBBB-BBBB', 'approve');
    expect(r.status).toBe(400);
    expect(r.body).toContain('No device is waiting for code');
  });

  it('expired_token after expires_in by the mock clock (§3.5)', async () => {
    const d = await start();
    await h.admin('POST', '/_mock/clock/advance', { seconds: 601 });
    expectOAuth2Error(await poll(h, d.device_code), 400, 'expired_token', 'expired');
  });

  it('a client without the grant is unauthorized_client; unknown device codes are invalid_grant', async () => {
    expectOAuth2Error(
      await formPost(h, '/oidc/device_authorization', { client_id: 'web', client_secret: 'web-secret' }),
      400,
      'unauthorized_client',
      'device authorization'
    );
    expectOAuth2Error(await poll(h, 'nope'), 400, 'invalid_grant', 'unknown');
  });

  it('with auto-login a GET of verification_uri_complete approves', async () => {
    const auto = await new Harness({ configValue: config, autoLoginUser: 'demo' }).start();
    try {
      const d = await start(auto);
      const page = await auto.send({
        path: new URL(d.verification_uri_complete).pathname + new URL(d.verification_uri_complete).search,
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Device connected');
      const r = await poll(auto, d.device_code);
      expect(r.status, r.body).toBe(200);
    } finally {
      await auto.stop();
    }
  });

  it('discovery lists the device authorization endpoint and the grant', async () => {
    const doc = json((await h.send({ path: '/.well-known/oauth-authorization-server' })).body);
    expect(doc.device_authorization_endpoint).toBe(`${h.base}/oidc/device_authorization`);
    expect(doc.grant_types_supported).toContain(DEVICE_GRANT);
  });
});
