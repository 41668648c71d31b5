// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { Harness } from '../../mock-provider/helpers';
import { bridgeOnMock, followAuthorization, stubTab } from '../flow/app-on-mock';

/**
 * The OAuth 2 page's "Push the authorization request (PAR)" toggle against the real mock (RFC 9126): the request
 * pushed by the host, the answer's checks shown, the browser sent with only client_id and request_uri; a refused
 * push named and no page opened.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(secret?: string, issuer?: string) {
  const bridge = bridgeOnMock(h);
  const stores = createStores({ bridge: bridge.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  const profile = defaultMockProfile();
  stores.app.setState({
    profiles: [
      {
        ...profile,
        oauth2: { ...profile.oauth2, ...(secret ? { clientSecret: secret } : {}), ...(issuer ? { issuer } : {}) },
      },
    ],
    activeProfileId: profile.id,
    mock: { running: true, baseUrl: h.base },
  });
  const tab = stubTab();
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  return { stores, tab, close: bridge.close };
}

describe('OAuth 2 page: pushed authorization request', () => {
  it('pushes first, shows the answer, and opens a URL with only client_id and request_uri', async () => {
    const { stores, tab, close } = renderPage();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: /Push the authorization request \(PAR\)/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).toContain('request_uri='));
      const opened = await followAuthorization(h, tab);
      expect([...opened.searchParams.keys()]).toEqual(['client_id', 'request_uri']);
      expect(
        screen.getByText(/^Pushed: request_uri urn:ietf:params:oauth:request_uri:\S+, valid 60 s, single use\.$/)
      ).toBeTruthy();
      expect(screen.getByText(new RegExp(`^POST ${h.base}/oauth/v2/par → HTTP 201$`))).toBeTruthy();
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
    } finally {
      fireEvent.click(screen.getByRole('checkbox', { name: /Push the authorization request/ }));
      await close();
    }
  });

  it("with the toggle off, pushes when the issuer's metadata requires it (require_pushed_authorization_requests, §5)", async () => {
    h.provider.context.settings.switches.requirePushedAuthorizationRequests = true;
    const { stores, tab, close } = renderPage(undefined, h.base);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      expect(
        (await screen.findByRole('checkbox', { name: /Push the authorization request/ })).matches(':checked')
      ).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).toContain('request_uri='));
      expect(screen.getByText(/Pushed although the toggle is off/)).toBeTruthy();
      const opened = await followAuthorization(h, tab);
      expect([...opened.searchParams.keys()]).toEqual(['client_id', 'request_uri']);
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
    } finally {
      h.provider.context.settings.switches.requirePushedAuthorizationRequests = false;
      await close();
    }
  });

  it('a refused push is named, and no page is opened', async () => {
    const { tab, close } = renderPage('not-the-secret');
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: /Push the authorization request \(PAR\)/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await screen.findByText(
        /The provider refused the pushed request: invalid_client \(Client authentication failed: wrong client_secret/
      );
      expect(tab.location.href).toBe('');
    } finally {
      await close();
    }
  });
});
