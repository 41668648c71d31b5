import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createClientCredentialsStore } from '../../../../renderer/state/machine/machine-stores';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from './host-bridge';
import { landedAt, mockFront, NOW, seededRandom, type MockFront } from './parity-host';

/**
 * A saved token says where it came from (Profiles lists it so): the page and the grant, over the real host store
 * against the mock on 127.0.0.1.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

async function withHost(run: (bridge: BridgeApi, profile: Profile) => Promise<void>) {
  await front.fresh(5);
  const host = hostBridge();
  try {
    const profile = profileSchema.parse({
      id: 'labels',
      name: 'Labels',
      baseUrl: front.base,
      callbackPort: 0,
      redirectUri: 'http://127.0.0.1:9/callback',
      oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', pkce: 'S256' },
    });
    const saved = await host.bridge.profileSave({ profile });
    expect(saved.ok).toBe(true);
    await run(host.bridge, profile);
  } finally {
    await host.close();
  }
}

const deps = (bridge: BridgeApi) => ({ bridge, crypto: browserCrypto, random: seededRandom(5), now: () => NOW });

async function labels(bridge: BridgeApi, profile: Profile): Promise<string[]> {
  const r = await bridge.tokensList({ profileId: profile.id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((t) => t.label);
}

describe('saved tokens name the page and grant they came from', () => {
  it('OAuth 2 page: the code exchange, then a refresh', async () => {
    await withHost(async (bridge, profile) => {
      const s = createOAuth2Store(deps(bridge)).getState;
      await s().flowStarted(profile, front.base);
      await s().urlPasted(await landedAt((await s().authorizationStarted())!));
      await s().legSent('token');
      await expect.poll(() => labels(bridge, profile)).toEqual(['OAuth 2 page: authorization code']);
      await s().legSent('refresh');
      // Both obtained at the same (fixed) clock time, so their order is not asserted.
      await expect
        .poll(async () => (await labels(bridge, profile)).sort())
        .toEqual(['OAuth 2 page: authorization code', 'OAuth 2 page: refreshed']);
    });
  });

  it('Client credentials page', async () => {
    await withHost(async (bridge, profile) => {
      const s = createClientCredentialsStore(deps(bridge)).getState;
      s().flowStarted(profile, front.base);
      await s().legSent('token');
      await expect.poll(() => labels(bridge, profile)).toEqual(['Client credentials page']);
    });
  });
});
