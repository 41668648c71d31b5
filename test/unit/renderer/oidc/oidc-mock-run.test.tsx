// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { readMockState } from '../../../../mock-provider';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { Harness } from '../../mock-provider/helpers';
import { bridgeOnMock, followAuthorization, stubTab } from '../flow/app-on-mock';

/**
 * OpenID Connect from the first screen: on the OpenID Connect page, one button runs the real mock's code flow with
 * openid through the real catcher and transport (the test plays the browser: it follows the authorization URL, the
 * mock logs in "demo" and redirects to the catcher), and the id_token's trace appears; the page's fault switch
 * changes the mock, and the next run fails exactly that step.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setUp() {
  const bridge = bridgeOnMock(h);
  const stores = createStores({ bridge: bridge.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  // The built-in profile as the app has it: the mock's client and secret, and no scope.
  stores.app.setState({
    profiles: [defaultMockProfile()],
    activeProfileId: 'mock',
    mock: { running: true, baseUrl: h.base },
  });
  const tab = stubTab();
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  return { stores, tab, close: bridge.close };
}

/** One click, then the browser's part: the mock's authorization page redirects to the catcher, which answers. */
async function runOnce(tab: { location: { href: string } }) {
  tab.location.href = '';
  fireEvent.click(screen.getByRole('button', { name: "Run the mock's code flow with openid" }));
  await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
  const authorize = await followAuthorization(h, tab);
  expect(authorize.searchParams.get('scope')).toContain('openid');
  await waitFor(() => expect(screen.getByLabelText('Mock run').textContent).toContain('Done'), { timeout: 10_000 });
  return Object.fromEntries(
    within(screen.getByRole('list', { name: 'Validation steps' }))
      .getAllByRole('listitem')
      .map((li) => [li.getAttribute('data-step')!, li.getAttribute('data-status')!])
  );
}

describe('OpenID Connect page: the mock in one action', () => {
  it('runs the code flow with openid and shows the id_token trace; the fault switch fails its step', async () => {
    const { stores, tab, close } = setUp();
    try {
      const fault = (await screen.findByRole('combobox', { name: /id_token fault/ })) as HTMLSelectElement;
      await waitFor(() => expect(fault.disabled).toBe(false));
      expect(fault.value).toBe('off');

      const status = await runOnce(tab);
      expect(Object.values(status).filter((s) => s === 'failed')).toEqual([]);
      expect(status.signature).toBe('passed');
      expect(status.nonce).toBe('passed');
      expect(screen.getByRole('status').textContent).toContain('The id_token is valid');
      // UserInfo follows, with its sub compared to the id_token's (OIDC Core §5.3.2).
      const userInfo = screen.getByRole('region', { name: 'UserInfo checks' });
      expect(within(userInfo).getByText(/sub equals the id_token's sub/)).toBeTruthy();
      expect(within(userInfo).queryAllByText('Failed:')).toEqual([]);
      // The OAuth 2 page's flow is this run: its token, its scope.
      expect(stores.oauth2.getState().flow?.token?.scope ?? stores.oauth2.getState().flow?.config.scope).toContain(
        'openid'
      );

      fireEvent.change(fault, { target: { value: 'wrong-aud' } });
      await waitFor(() => expect(readMockState(h.provider.context).settings.switches.idTokenFault).toBe('wrong-aud'));
      const faulty = await runOnce(tab);
      expect(
        Object.entries(faulty)
          .filter(([, s]) => s === 'failed')
          .map(([id]) => id)
      ).toEqual(['aud']);
    } finally {
      await h.settings({ switches: { idTokenFault: 'off' } });
      await close();
    }
  }, 30_000);
});
