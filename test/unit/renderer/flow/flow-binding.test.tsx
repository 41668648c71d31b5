// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth1Page } from '../../../../renderer/features/oauth1/OAuth1Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const mock = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
});
const real = profileSchema.parse({
  id: 'real',
  name: 'Staging',
  baseUrl: 'https://staging.example',
  oauth1: { consumerKey: 'sk', consumerSecret: 'ss' },
});

describe('switching the profile mid-flow', () => {
  it('keeps the running flow on the profile it started with, and says so', async () => {
    const { bridge } = fakeBridge({
      catcherOpen: () => ({ port: 4321, redirectUri: 'http://127.0.0.1:4321/callback' }),
      settingsUpdate: () => ({}),
    });
    const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
    stores.app.setState({
      profiles: [mock, real],
      activeProfileId: 'mock',
      mock: { running: true, baseUrl: 'http://127.0.0.1:9' },
      loaded: true,
    });
    render(
      <StoresProvider stores={stores}>
        <OAuth1Page />
      </StoresProvider>
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 1.0a flow' })));
    expect(screen.queryByRole('status', { name: 'Flow profile' })).toBeNull();

    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: 'real' } })
    );
    expect(screen.getByRole('status', { name: 'Flow profile' }).textContent).toBe(
      'This flow keeps running against Mock provider (http://127.0.0.1:9), where it started. Start over to run it against Staging.'
    );
    // The header and the request still name the flow's server, not the newly picked one.
    expect(screen.getByText('http://127.0.0.1:9', { selector: '.page-head .muted' })).toBeTruthy();
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('http://127.0.0.1:9/oauth/v1/request_token');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start over' })));
    expect(screen.queryByRole('status', { name: 'Flow profile' })).toBeNull();
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe(
      'https://staging.example/oauth/v1/request_token'
    );
  });
});
