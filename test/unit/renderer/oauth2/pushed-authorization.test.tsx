// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { bridgeOnMock, followAuthorization } from '../flow/app-on-mock';
import { mockForPages, renderOnMock } from '../flow/render-on-mock';

/**
 * The OAuth 2 page's "Push the authorization request (PAR)" toggle against the real mock (RFC 9126): the request
 * pushed by the host, the answer's checks shown, the browser sent with only client_id and request_uri; a refused
 * push named and no page opened.
 */
const h = mockForPages();

function renderPage(secret?: string, issuer?: string) {
  const bridge = bridgeOnMock(h);
  const profile = defaultMockProfile();
  const oauth2 = { ...profile.oauth2, ...(secret ? { clientSecret: secret } : {}), ...(issuer ? { issuer } : {}) };
  return { ...renderOnMock(h, bridge.bridge, <OAuth2Page />, [{ ...profile, oauth2 }]), close: bridge.close };
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
