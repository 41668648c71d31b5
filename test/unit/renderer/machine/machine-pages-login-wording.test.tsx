// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ClientCredentialsPage } from '../../../../renderer/features/machine/ClientCredentialsPage';
import { DevicePage } from '../../../../renderer/features/machine/DevicePage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

/*
 * Neither machine grant opens a login tab: Client credentials has no user at all, and the Device flow's user logs
 * in at the verification page its codes name. The welcome says so instead of promising a tab that never opens.
 */
function welcome(Page: () => React.JSX.Element): string {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 0 });
  const mock = profileSchema.parse({ id: 'mock', name: 'Mock provider', builtIn: true });
  stores.app.setState({
    profiles: [mock],
    activeProfileId: 'mock',
    mock: { running: true, baseUrl: 'http://127.0.0.1:9' },
    loaded: true,
  });
  render(
    <StoresProvider stores={stores}>
      <Page />
    </StoresProvider>
  );
  return document.querySelector('.welcome')?.textContent ?? '(no welcome)';
}

it('Client credentials: no login tab, no user', () => {
  const text = welcome(ClientCredentialsPage);
  expect(text).not.toMatch(/tab/);
  expect(text).toContain('No one logs in');
});

it('Device: the user logs in at the verification page, not in a tab the app opens', () => {
  const text = welcome(DevicePage);
  expect(text).not.toMatch(/opens in a new tab/);
  expect(text).toContain('verification page');
  expect(text).toContain('demo / demo');
});
