import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createProfilesStore } from '../../../../renderer/state/profiles/profiles-store';
import { createClientCredentialsStore, createDeviceStore } from '../../../../renderer/state/machine/machine-stores';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { hostBridge } from './host-bridge';

/*
 * The client credentials and device pages keep the token they obtain with the active profile, as the OAuth 2 page
 * does, and the Profiles page lists it: the pages' stores and the Profiles page's store on the real host services,
 * against the mock over 127.0.0.1.
 */
let mock: MockProvider;
let host: ReturnType<typeof hostBridge>;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  host = hostBridge(mock);
});
afterAll(async () => {
  await host.close();
  await mock.stop();
});

const deps = () => ({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });

async function savedProfile(id: string): Promise<Profile> {
  const { client } = DEFAULT_CREDENTIALS;
  const profile = profileSchema.parse({
    id,
    name: id,
    baseUrl: mock.baseUrl,
    oauth2: { clientId: client.id, clientSecret: client.secret, scope: 'read' },
  });
  const r = await host.bridge.profileSave({ profile });
  if (!r.ok) throw new Error(r.error.message);
  return profile;
}

/** The saved tokens the Profiles page shows for the profile, once it has read them. */
async function tokensOnProfilesPage(profile: Profile) {
  const page = createProfilesStore(deps(), {
    profilesChanged: () => {},
    profileChosen: () => {},
    activeProfileId: () => profile.id,
  });
  await page.getState().profileOpened(profile);
  return page.getState().tokens;
}

it('client credentials: the token is saved with the profile and listed on the Profiles page', async () => {
  const profile = await savedProfile('machine-cc');
  const store = createClientCredentialsStore(deps());
  const s = store.getState;
  s().flowStarted(profile, mock.baseUrl);
  await s().legSent('token');
  const token = s().flow!.token!;
  expect(token.accessToken).toEqual(expect.any(String));
  await expect
    .poll(() => tokensOnProfilesPage(profile))
    .toEqual([
      expect.objectContaining({
        profileId: profile.id,
        kind: 'oauth2',
        token: token.accessToken,
        refreshToken: '',
        scope: 'read',
        expiresAt: token.expiresAt,
      }),
    ]);
});

it('device authorization: the token the polling obtains is saved with the profile and listed on the Profiles page', async () => {
  const profile = await savedProfile('machine-device');
  const store = createDeviceStore(deps());
  const s = store.getState;
  await s().flowStarted(profile, mock.baseUrl);
  const polling = s().legSent('device');
  await expect.poll(() => s().flow?.device?.verificationUriComplete).toBeTruthy();
  // The user approves on the verification page (auto-login as demo approves on a GET of the complete URI).
  expect((await fetch(s().flow!.device!.verificationUriComplete!)).status).toBe(200);
  await polling;
  const token = s().flow!.token!;
  expect(token.accessToken).toEqual(expect.any(String));
  await expect
    .poll(() => tokensOnProfilesPage(profile))
    .toEqual([
      expect.objectContaining({
        profileId: profile.id,
        kind: 'oauth2',
        token: token.accessToken,
        refreshToken: token.refreshToken ?? '',
        scope: 'read',
      }),
    ]);
}, 20_000);
