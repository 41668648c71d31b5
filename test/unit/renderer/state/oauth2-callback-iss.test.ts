import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores } from '../../../../renderer/app/stores';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema } from '../../../../shared/store/profile';
import { C, Harness } from '../../mock-provider/helpers';
import { hostBridge } from './host-bridge';

/**
 * RFC 9207 on the OAuth 2 page's store, against the real mock with its issParameter switch on (it then advertises
 * authorization_response_iss_parameter_supported and sends iss): the honest callback readies the token leg; the same
 * callback with iss=https://evil.example is refused before the code is taken (RFC 9700 §4.4, the mix-up defence).
 */
const h = new Harness({ autoLoginUser: 'demo' });
let close: () => Promise<void>;
let bridge: BridgeApi;
beforeAll(async () => {
  await h.start();
  await h.settings({ switches: { issParameter: true } });
  ({ bridge, close } = hostBridge(h.provider));
});
afterAll(async () => {
  await close();
  await h.stop();
});

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
});

/** The page's store started and authorized at the mock; the URL the browser landed on, with `iss` as `edit` makes it. */
async function landed(edit: (url: URL) => void, chosen = profile) {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [chosen], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  const o = () => stores.oauth2.getState();
  await o().flowStarted(chosen, h.base);
  const authorize = new URL(o().authorizeUrl!);
  const location = new URL(
    String((await h.send({ path: `${authorize.pathname}${authorize.search}` })).headers.location)
  );
  edit(location);
  await o().urlPasted(location.href);
  return o();
}

describe("the callback's iss (RFC 9207) on the OAuth 2 page", () => {
  it("the mock's own iss: accepted, the token leg ready", async () => {
    const s = await landed((u) => expect(u.searchParams.get('iss')).toBe(h.base));
    expect(s.callbackOutcome?.ok).toBe(true);
    expect(s.callbackOutcome?.checks.find((c) => c.name === 'iss matches')?.ok).toBe(true);
    expect(s.flow?.legs.token).toBe('ready');
  });

  it('iss=https://evil.example: refused, no code taken', async () => {
    const s = await landed((u) => u.searchParams.set('iss', 'https://evil.example'));
    expect(s.callbackOutcome?.ok).toBe(false);
    expect(s.callbackOutcome?.summary).toContain(`iss is "https://evil.example"; expected "${h.base}"`);
    expect(s.flow?.code).toBeNull();
    expect(s.flow?.legs.token).toBe('not_started');
  });

  it('no iss: accepted, unless the profile says the metadata advertises it (RFC 9207 §3), then refused', async () => {
    const without = (u: URL) => u.searchParams.delete('iss');
    expect((await landed(without)).callbackOutcome?.ok).toBe(true);
    const required = profileSchema.parse({ ...profile, oauth2: { ...profile.oauth2, issRequired: true } });
    const s = await landed(without, required);
    expect(s.callbackOutcome?.ok).toBe(false);
    expect(s.callbackOutcome?.summary).toContain('the callback has no iss');
    expect(s.flow?.code).toBeNull();
  });
});
