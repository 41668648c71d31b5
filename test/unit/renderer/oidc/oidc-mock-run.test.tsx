// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { readMockState } from '../../../../mock-provider';
import { bridgeOnMock, followAuthorization } from '../flow/app-on-mock';
import { mockForPages, renderOnMock } from '../flow/render-on-mock';

/**
 * OpenID Connect from the first screen: on the OpenID Connect page, one button runs the real mock's code flow with
 * openid through the real catcher and transport (the test plays the browser: it follows the authorization URL, the
 * mock logs in "demo" and redirects to the catcher), and the id_token's trace appears; the page's fault switch
 * changes the mock, and the next run fails exactly that step.
 */
const h = mockForPages();

function setUp() {
  const bridge = bridgeOnMock(h);
  // The built-in profile as the app has it (renderOnMock's): the mock's client and secret, and no scope.
  return { ...renderOnMock(h, bridge.bridge, <OidcPage />), close: bridge.close };
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

  it('a run whose id_token the client refuses (its nonce) shows that token failing below, and the lifecycle follows the run', async () => {
    const { stores, tab, close } = setUp();
    try {
      const fault = (await screen.findByRole('combobox', { name: /id_token fault/ })) as HTMLSelectElement;
      await waitFor(() => expect(fault.disabled).toBe(false));
      await runOnce(tab);
      expect(screen.getByRole('status').textContent).toContain('The id_token is valid');
      const lifecycle = screen.getByRole('region', { name: 'Token lifecycle' });
      fireEvent.click(within(lifecycle).getByRole('button', { name: "Take the OAuth 2 flow's tokens" }));
      const first = stores.oauth2.getState().flow!.token!.accessToken;
      expect(within(lifecycle).getByLabelText('Current tokens').textContent).toContain(first.slice(-4));

      fireEvent.change(fault, { target: { value: 'missing-nonce' } });
      await waitFor(() =>
        expect(readMockState(h.provider.context).settings.switches.idTokenFault).toBe('missing-nonce')
      );
      tab.location.href = '';
      fireEvent.click(screen.getByRole('button', { name: "Run the mock's code flow with openid" }));
      await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
      await followAuthorization(h, tab);
      const problem = await screen.findByText(/the client refuses its id_token: the nonce check failed/, undefined, {
        timeout: 10_000,
      });
      expect(problem.closest('[aria-label="OpenID Connect on the mock"]')).not.toBeNull();
      // Below, this run's id_token, its nonce step failed; not the previous token shown as valid.
      await waitFor(() => {
        const steps = within(screen.getByRole('list', { name: 'Validation steps' }));
        expect(steps.getAllByRole('listitem').find((li) => li.getAttribute('data-step') === 'nonce')).toHaveProperty(
          'dataset.status',
          'failed'
        );
      });
      expect(screen.queryByText(/The id_token is valid/)).toBeNull();
      // The lifecycle no longer holds the previous run's tokens: it follows the OAuth 2 flow, which kept none.
      expect(within(lifecycle).queryByLabelText('Current tokens')).toBeNull();
    } finally {
      await h.settings({ switches: { idTokenFault: 'off' } });
      await close();
    }
  }, 30_000);
});
