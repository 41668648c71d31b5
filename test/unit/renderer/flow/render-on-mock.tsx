import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { Profile } from '../../../../shared/store/profile';
import { Harness } from '../../mock-provider/helpers';
import { stubTab } from './app-on-mock';

/**
 * The mock of a file of page tests (auto-login as demo), started before its tests and stopped after them; each
 * test's render cleaned up and its spies (the stub tab's) restored.
 */
export function mockForPages(): Harness {
  const h = new Harness({ autoLoginUser: 'demo' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return h;
}

/**
 * `page` rendered in the app's stores over `bridge`, as the app has them with its mock running: `profiles` (the
 * built-in mock profile unless given), the first one active; the browser tab it opens a stub.
 */
export function renderOnMock(
  h: Harness,
  bridge: BridgeApi,
  page: ReactElement,
  profiles: readonly Profile[] = [defaultMockProfile()]
) {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles, activeProfileId: profiles[0]!.id, mock: { running: true, baseUrl: h.base } });
  const tab = stubTab();
  render(<StoresProvider stores={stores}>{page}</StoresProvider>);
  return { stores, tab };
}
