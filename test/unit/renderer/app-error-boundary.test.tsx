// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/App';
import { createStores, StoresProvider } from '../../../renderer/app/stores';
import { browserCrypto } from '../../../renderer/platform/crypto';
import { fakeBridge } from './state/fake-bridge';

/** A page that throws while rendering shows its error where the page was; the navigation stays and works. */
vi.mock('../../../renderer/features/oauth1/OAuth1Page', () => ({
  OAuth1Page: () => {
    throw new Error('a value this page did not expect');
  },
}));
afterEach(cleanup);

it('a page that throws leaves the navigation, and choosing another page shows it', async () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const { bridge } = fakeBridge({
      appInfo: () => null,
      profilesList: () => [],
      settingsGet: () => ({ activeProfileId: 'mock' }),
      mockStatus: () => ({ running: true, baseUrl: 'http://127.0.0.1:9' }),
      mockState: () => ({ state: { clockOffsetSeconds: 0 } }),
    });
    const stores = createStores({
      bridge,
      crypto: browserCrypto,
      random: { bytes: (n) => new Uint8Array(n).fill(3) },
      now: () => Date.now(),
    });
    act(() => stores.app.setState({ page: 'oauth1' }));
    render(
      <StoresProvider stores={stores}>
        <App />
      </StoresProvider>
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'This page could not be shown: a value this page did not expect The rest of the page still works.'
    );
    fireEvent.click(screen.getByRole('button', { name: 'OAuth 2' }));
    expect(await screen.findByRole('heading', { name: 'OAuth 2', level: 2 })).toBeTruthy();
    expect(screen.queryByText(/could not be shown/)).toBeNull();
  } finally {
    quiet.mockRestore();
  }
});
