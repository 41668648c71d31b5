import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createDeviceStore } from '../../../../renderer/state/machine/machine-stores';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { profileSchema } from '../../../../shared/store/profile';
import { hostBridge } from './host-bridge';

/*
 * The device page's polling through the real host services over 127.0.0.1: Start over while the page waits out the
 * interval stops the polling at once; no token request goes out for the attempt that is over.
 */
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

it('Start over during the wait before a poll: nothing more is sent', async () => {
  const host = hostBridge();
  try {
    const { client } = DEFAULT_CREDENTIALS;
    const profile = profileSchema.parse({
      id: 'device',
      name: 'Device',
      baseUrl: mock.baseUrl,
      // Named in the profile: no discovery goes out first.
      oauth2: {
        clientId: client.id,
        clientSecret: client.secret,
        scope: 'read',
        deviceAuthorizationEndpoint: '/oidc/device_authorization',
      },
    });
    const store = createDeviceStore({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
    const s = store.getState;
    s().flowStarted(profile, mock.baseUrl);
    const sending = s().legSent('device');
    await expect.poll(() => s().flow?.device?.userCode).toBeTruthy();
    expect(s().current).toBe('poll');
    s().flowStarted(profile, mock.baseUrl);
    await sending;
    const history = await host.bridge.historyList({ offset: 0, limit: 10 });
    if (!history.ok) throw new Error(history.error.message);
    expect(history.value.entries.map((e) => e.exchange.request.url)).toEqual([
      `${mock.baseUrl}/oidc/device_authorization`,
    ]);
    expect(s().flow?.device).toBeNull();
    expect(s().runs).toEqual({});
  } finally {
    await host.close();
  }
}, 20_000);

/**
 * A device authorization server that asks for an hour between polls (RFC 8628 §3.2 interval) and answers every poll
 * authorization_pending; it counts the requests it gets by path.
 */
function patientDeviceServer(): Promise<{ server: Server; base: string; hits: Map<string, number> }> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    req.resume();
    const device = path.endsWith('/device_authorization');
    res.writeHead(device ? 200 : 400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify(
        device
          ? {
              device_code: 'the-device-code',
              user_code: 'WDJB-MJHT',
              verification_uri: 'http://127.0.0.1/device',
              expires_in: 7200,
              interval: 3600,
            }
          : { error: 'authorization_pending' }
      )
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits })
    )
  );
}

it('Start over during an hour-long interval ends the polling at once, not after the wait', async () => {
  const device = await patientDeviceServer();
  const host = hostBridge();
  try {
    const profile = profileSchema.parse({
      id: 'patient',
      name: 'Patient',
      baseUrl: device.base,
      oauth2: {
        clientId: 'device-client',
        clientAuthentication: 'none',
        deviceAuthorizationEndpoint: '/oidc/device_authorization',
      },
    });
    const store = createDeviceStore({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
    const s = store.getState;
    s().flowStarted(profile, device.base);
    const sending = s().legSent('device');
    await expect.poll(() => s().current).toBe('poll');
    expect(s().flow?.interval).toBe(3600);
    s().flowStarted(profile, device.base);
    // Before the wait was abortable, this waited out the hour (the test's time limit ends it first).
    await sending;
    expect(Object.fromEntries(device.hits)).toEqual({ '/oidc/device_authorization': 1 });
    expect(s().runs).toEqual({});
  } finally {
    await host.close();
    await new Promise((r) => device.server.close(r));
  }
}, 20_000);
