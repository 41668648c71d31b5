import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { DPOP_LOOKS, pressNext as press, savedDpopProfile } from './dpop-profile';
import { e2eSession } from './session';

/**
 * A DPoP mistake on purpose on the OAuth 2 page, by clicking: a profile on the mock with DPoP on and
 * a key made in the host; the token exchanged with a right proof, then "ath over the wrong token" chosen on the API
 * call, refused by the mock, and the DPoP verifier's verdict (ath-wrong with its section) under the leg; at both
 * sizes, light and dark.
 */
const session = e2eSession();

it.each(DPOP_LOOKS)(
  'ath over the wrong token on the API call: refused, ath-wrong named (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByText(/^Mock at http:\/\/127\.0\.0\.1:\d+$/).waitFor();
    const id = `dpop-${scheme}-${width}`;
    await savedDpopProfile(page, id);
    await page.reload();
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await page.getByLabel('Profile').selectOption(id);
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    const [login] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in browser' }).click(),
    ]);
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorization code received.').waitFor();
    await login.close();

    await press(page, 'Continue: Token exchange →');
    await press(page, 'Send');
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    await press(page, 'Continue: API request →');
    await page.getByText('Make a DPoP mistake on purpose').click();
    await page.getByLabel('DPoP proof mistake for the next Send').selectOption('ath-wrong');
    const dir = `${SCREENSHOTS}/dpop-mistake`;
    mkdirSync(dir, { recursive: true });
    const menu = page.locator('details.mistake', { hasText: 'Make a DPoP mistake on purpose' });
    await menu.scrollIntoViewIfNeeded();
    await screenshot(page, `${dir}/menu-${width}-${scheme}.png`);

    await press(page, 'Send');
    const made = page.getByRole('region', { name: 'DPoP mistake made' });
    await made.waitFor();
    expect(await made.textContent()).toContain('Refused by the server (HTTP 401), as RFC 9449 asks.');
    const named = made.locator('[data-mistake="ath-wrong"]');
    expect(await named.textContent()).toContain('ath-wrong: ath is not the hash of this access token');
    expect(await named.textContent()).toContain('RFC 9449 §4.3 check 12, §4.2');
    await made.scrollIntoViewIfNeeded();
    await screenshot(page, `${dir}/refused-${width}-${scheme}.png`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }
);
