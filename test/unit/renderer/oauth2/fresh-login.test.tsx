// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { bridgeOnMock, followAuthorization, sendLeg } from '../flow/app-on-mock';
import { mockForPages, renderOnMock } from '../flow/render-on-mock';

/**
 * A fresh login from the OAuth 2 page's authorize leg, against the real mock: prompt and max_age go on the
 * authorization URL, and the id_token's auth_time is judged against that max_age on the OpenID Connect page.
 */
const h = mockForPages();

function renderPages() {
  const bridge = bridgeOnMock(h);
  const profile = defaultMockProfile();
  const pages = (
    <>
      <OAuth2Page />
      <OidcPage />
    </>
  );
  const openid = { ...profile, oauth2: { ...profile.oauth2, scope: 'openid' } };
  return { ...renderOnMock(h, bridge.bridge, pages, [openid]), close: bridge.close };
}

describe('OAuth 2 page: a fresh login', () => {
  it('sends prompt and max_age, and the id_token trace shows auth_time within max_age', async () => {
    const { stores, tab, close } = renderPages();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      const choices = await screen.findByRole('group', { name: 'prompt' });
      expect(screen.getByText(/Your browser keeps a session at the provider/)).toBeTruthy();
      fireEvent.click(within(choices).getByRole('checkbox', { name: /^login/ }));
      fireEvent.click(within(choices).getByRole('checkbox', { name: /^consent/ }));
      // none stands alone: choosing it clears the others, and another clears it.
      fireEvent.click(within(choices).getByRole('checkbox', { name: /^none/ }));
      expect(new URL(stores.oauth2.getState().authorizeUrl!).searchParams.get('prompt')).toBe('none');
      fireEvent.click(within(choices).getByRole('checkbox', { name: /^login/ }));
      fireEvent.change(screen.getByLabelText('max_age (s)'), { target: { value: 'soon' } });
      expect(screen.getByRole('alert').textContent).toContain('max_age is "soon"; expected a whole number');
      fireEvent.change(screen.getByLabelText('max_age (s)'), { target: { value: '300' } });

      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).toContain('/authorize?'));
      const sent = (await followAuthorization(h, tab)).searchParams;
      expect([sent.get('prompt'), sent.get('max_age')]).toEqual(['login', '300']);
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
      fireEvent.click(screen.getByRole('button', { name: 'Continue: Token exchange →' }));
      await sendLeg(stores, 'token');

      fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: h.base } });
      fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
      await screen.findByRole('region', { name: 'Discovery checks' }, { timeout: 5000 });
      fireEvent.click(screen.getByRole('button', { name: "Take the OAuth 2 flow's id_token" }));
      expect((screen.getByLabelText('max_age sent, s (for auth_time)') as HTMLInputElement).value).toBe('300');
      fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
      const steps = await screen.findByRole('list', { name: 'Validation steps' }, { timeout: 5000 });
      const authTime = steps.querySelector('[data-step="auth_time"]')!;
      expect(authTime.getAttribute('data-status')).toBe('passed');
      expect(authTime.textContent).toMatch(
        /The user logged in at \S+, \d+ s ago by this client's clock: within max_age=300 s\./
      );
    } finally {
      await close();
    }
  });
});
