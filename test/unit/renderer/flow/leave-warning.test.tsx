// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { useLeaveWarning } from '../../../../renderer/features/flow/use-leave-warning';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

function Probe() {
  useLeaveWarning();
  return null;
}

const leaving = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

async function setUp(host: 'web' | 'electron'): Promise<Stores> {
  const { bridge } = fakeBridge({ catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }) });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  stores.app.setState({ info: { host, version: 'test', secretStorage: 'file', notices: [] } });
  render(
    <StoresProvider stores={stores}>
      <Probe />
    </StoresProvider>
  );
  return stores;
}

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
});

describe('leaving the page with a flow in progress', () => {
  it('asks first in the browser once a flow has started, not before', async () => {
    const stores = await setUp('web');
    expect(leaving()).toBe(false);
    await act(() => stores.oauth1.getState().flowStarted(profile, 'http://127.0.0.1:9'));
    expect(leaving()).toBe(true);
  });

  it('never holds an Electron window open', async () => {
    const stores = await setUp('electron');
    await act(() => stores.oauth1.getState().flowStarted(profile, 'http://127.0.0.1:9'));
    expect(leaving()).toBe(false);
  });
});
