// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { NO_CALLBACK_HINT_MS } from '../../../../renderer/features/flow/NoCallbackYet';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { bridgeOnMock, stubTab } from '../flow/app-on-mock';

/**
 * A redirect URI the provider has not registered: the real mock shows its error in the tab and never redirects, so
 * the real catcher never hears back. Within NO_CALLBACK_HINT_MS (driven by fake timers) the page says what may be
 * happening, names the URI it sent, and offers to paste the URL or start over; Open in browser stays available. The
 * bar at the bottom says so in a line (the hint itself may be a screen below).
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// The registered redirect URI is http://127.0.0.1:<any port>/callback (RFC 8252 §7.3); this path is not registered.
const profile = profileSchema.parse({
  id: 'unregistered',
  name: 'Unregistered redirect',
  callbackPort: 0,
  callbackPath: '/not-registered',
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret },
});

async function setUp() {
  const bridge = bridgeOnMock(h);
  const stores = createStores({ bridge: bridge.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles: [{ ...profile, baseUrl: h.base }], activeProfileId: profile.id });
  const tab = stubTab();
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  return { stores, tab, scrolled, close: bridge.close };
}

describe('OAuth 2: a redirect URI the provider refuses', () => {
  it('says within seconds what may be happening, with the URI sent, and offers paste, start over and open again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { stores, tab, scrolled, close } = await setUp();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      const open = await screen.findByRole('button', { name: 'Open in browser' });
      fireEvent.click(open);
      await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
      const sent = stores.oauth2.getState().flow!.config.redirectUri;
      expect(sent).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/not-registered$/);
      // What the browser's tab gets: the provider's error page, no redirect.
      const url = new URL(tab.location.href);
      const page = await h.send({ path: url.pathname + url.search });
      expect(page.status).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('is not registered');

      expect(stores.oauth2.getState().waitId).not.toBeNull();
      expect(screen.queryByRole('region', { name: 'No callback yet' })).toBeNull();
      expect(screen.getByRole('group', { name: 'Next step' }).textContent).toContain('Waiting for the callback…');
      expect((screen.getByRole('button', { name: 'Open in browser' }) as HTMLButtonElement).disabled).toBe(false);
      act(() => void vi.advanceTimersByTime(NO_CALLBACK_HINT_MS));
      const hint = screen.getByRole('region', { name: 'No callback yet' });
      expect(hint.textContent).toContain('error about the redirect URI');
      expect(within(hint).getByText(sent)).toBeTruthy();
      expect(scrolled).toHaveBeenCalled();
      expect(scrolled.mock.contexts.at(-1)).toBe(hint);
      expect(within(hint).getByRole('form', { name: 'Paste the URL you landed on' })).toBeTruthy();
      // The bar at the bottom, always in view, says it too, and brings the hint into view on request.
      const bar = screen.getByRole('group', { name: 'Next step' });
      expect(bar.textContent).not.toContain('Waiting for the callback…');
      expect(bar.textContent).toContain('No callback yet: the provider may have refused the redirect URI');
      expect(within(bar).getByText(sent)).toBeTruthy();
      scrolled.mockClear();
      fireEvent.click(within(bar).getByRole('button', { name: 'What to do' }));
      expect(scrolled.mock.contexts.at(-1)).toBe(hint);
      // Still waiting, and the page can be opened again (the same URL, the same wait).
      expect((screen.getByRole('button', { name: 'Open in browser' }) as HTMLButtonElement).disabled).toBe(false);
      const waitId = stores.oauth2.getState().waitId;
      tab.location.href = '';
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).toBe(url.href));
      expect(stores.oauth2.getState().waitId).toBe(waitId);

      fireEvent.click(within(hint).getByRole('button', { name: 'Start over' }));
      await waitFor(() => expect(stores.oauth2.getState().flow!.state).not.toBe(url.searchParams.get('state')));
      expect(stores.oauth2.getState().waitId).toBeNull();
      expect(screen.queryByRole('region', { name: 'No callback yet' })).toBeNull();
    } finally {
      await close();
    }
  });

  it('a pasted URL from the hint goes through the callback checks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { stores, tab, close } = await setUp();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).not.toBe(''));
      await waitFor(() => expect(stores.oauth2.getState().waitId).not.toBeNull());
      act(() => void vi.advanceTimersByTime(NO_CALLBACK_HINT_MS));
      const hint = screen.getByRole('region', { name: 'No callback yet' });
      const state = stores.oauth2.getState().flow!.state;
      fireEvent.change(within(hint).getByRole('textbox'), {
        target: { value: `https://landed.example/cb?code=the-code&state=${state}` },
      });
      fireEvent.click(within(hint).getByRole('button', { name: 'Continue with this URL' }));
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
      expect(stores.oauth2.getState().flow!.code).toBe('the-code');
    } finally {
      await close();
    }
  });

  it("the authorization request's own URL pasted is named as such, with redirect_uri_mismatch, not judged as a callback", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { stores, tab, close } = await setUp();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).not.toBe(''));
      await waitFor(() => expect(stores.oauth2.getState().waitId).not.toBeNull());
      const waitId = stores.oauth2.getState().waitId;
      act(() => void vi.advanceTimersByTime(NO_CALLBACK_HINT_MS));
      const hint = screen.getByRole('region', { name: 'No callback yet' });
      // What the address bar shows when the provider refused the redirect URI: the authorization request itself.
      fireEvent.change(within(hint).getByRole('textbox'), { target: { value: tab.location.href } });
      fireEvent.click(within(hint).getByRole('button', { name: 'Continue with this URL' }));
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome).not.toBeNull());
      const summary = stores.oauth2.getState().callbackOutcome!.summary;
      expect(summary).toContain("is the authorization request's own URL");
      expect(summary).toContain('redirect_uri_mismatch');
      expect(summary).toContain(stores.oauth2.getState().flow!.config.redirectUri);
      expect(summary).not.toContain('neither a code nor an error');
      expect(screen.getByText(summary)).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Next step' }).textContent).toContain('Pasted URL: not a callback');
      // Not a callback: no explainer verdict on a failed redirect, and the wait goes on (the provider may still send it).
      expect(stores.oauth2.getState().verdicts.authorize).toBeUndefined();
      expect(screen.queryByRole('region', { name: 'Why it failed' })).toBeNull();
      expect(stores.oauth2.getState().waitId).toBe(waitId);
    } finally {
      await close();
    }
  });
});
