import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inView, scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';

/**
 * The OAuth 2 flow by clicking (PKCE, exchange, bearer call, refresh) against the mock, login page included, at
 * 1024x700 with each leg's action and Continue in view without scrolling; Ctrl+Enter opens the authorization page.
 */
const session = e2eSession();

/** The bar's button, asserted in view before it is clicked (a click would scroll to it). */
async function press(page: Page, name: string): Promise<void> {
  const button = page.getByRole('group', { name: 'Next step' }).getByRole('button', { name, exact: true });
  await button.waitFor();
  expect(await inView(page, button), `${name} is in view`).toBe(true);
  await button.click();
}
const send = (page: Page) => press(page, 'Send');

it.each(['light', 'dark'] as const)(
  'completes the OAuth 2 flow with PKCE by clicking, then refreshes (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
    await shot(page, 'oauth2-start', scheme);
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    await page.getByText(/code_challenge \(S256\)/).waitFor();
    await shot(page, 'oauth2-authorize-before', scheme);

    expect(await inView(page, page.getByRole('button', { name: 'Open in browser' }))).toBe(true);
    const [login] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorization code received.').waitFor();
    await login.close();
    // The code as received, with the mock's lifetime counting down (60 s by default), then exchanged.
    const credentials = page.getByRole('list', { name: 'Credentials' });
    await credentials.getByText(/received · code lifetime at the mock: (00:[0-5]\d|expired)$/).waitFor();
    await shot(page, 'oauth2-authorize-after', scheme);

    await press(page, 'Continue: Token exchange →');
    await expect.poll(() => page.getByLabel('Body (form-encoded)').inputValue()).toContain('code_verifier=');
    expect(await page.getByLabel('Body (form-encoded)').inputValue()).not.toContain('oauth-lab-client-secret');
    await shot(page, 'oauth2-token-before', scheme);
    await send(page);
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    await credentials.getByText(/Code: …\S{4} \(\d+ chars\) exchanged/).waitFor();
    await shot(page, 'oauth2-token-after', scheme);

    await press(page, 'Continue: API request →');
    await shot(page, 'oauth2-api-before', scheme);
    await send(page);
    await page.getByText('API call answered 200.').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: "Provider's view" }).getByText('Accepted').count())
      .toBe(1);
    await shot(page, 'oauth2-api-after', scheme);

    await press(page, 'Continue: Refresh →');
    await shot(page, 'oauth2-refresh-before', scheme);
    await send(page);
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    await shot(page, 'oauth2-refresh-after', scheme);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }
);
