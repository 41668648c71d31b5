import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../electron/services/provider';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createDeviceStore } from '../../../../renderer/state/machine-stores';
import { nodeRandom } from '../../../../electron/services/node-crypto';
import { profileSchema } from '../../../../shared/store/profile';
import { hostBridge } from './host-bridge';

/*
 * The device page's polling through the real host services against the mock over 127.0.0.1: Start over while the
 * page waits out the interval stops the polling; no token request goes out for the attempt that is over.
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
      oauth2: { clientId: client.id, clientSecret: client.secret, scope: 'read' },
    });
    const store = createDeviceStore({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
    const s = store.getState;
    s().flowStarted(profile, mock.baseUrl);
    const sending = s().legSent('device');
    await expect.poll(() => s().flow?.device?.userCode).toBeTruthy();
    expect(s().current).toBe('poll');
    s().flowStarted(profile, mock.baseUrl);
    // The wait ends (5 s), finds its attempt over and sends nothing.
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
