import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { mockProfileCopy } from './mock-profile-copy';
import { tokenOnOAuth2Page } from './oauth2-by-clicking';
import { e2eSession } from './session';

/**
 * private_key_jwt against the embedded mock by clicking: a copy of the mock profile, "Make a key and register it at
 * the mock", Save, then the OAuth 2 flow, its token request signed with that key and accepted; the History lists
 * the authorization leg (the request sent, the redirect back) before the token exchange, each with its verdict.
 */
const session = e2eSession({ appPerTest: true });

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)(
  'registers a key at the mock and runs the code flow with it; the History has the authorization leg (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByText(/^Mock at http:\/\/127\.0\.0\.1:\d+$/).waitFor();

    const form = await mockProfileCopy(page);
    await form.getByLabel('Client authentication', { exact: true }).selectOption('private_key_jwt');
    const register = form.getByRole('button', { name: 'Make a key and register it at the mock' });
    await register.click();
    const done = form.getByRole('status').filter({ hasText: 'Registered at the mock as client' });
    await done.waitFor();
    const clientId = await form.getByLabel('Client ID', { exact: true }).inputValue();
    expect(await done.textContent()).toContain(clientId);
    await done.scrollIntoViewIfNeeded();
    await screenshot(page, `${SCREENSHOTS}/mock-key-registration-${width}-${scheme}.png`);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Use Mock provider (copy)' }).click();

    await tokenOnOAuth2Page(page);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const list = page.getByRole('listbox', { name: 'Exchanges, newest first' });
    const authorize = list.getByRole('option', {
      name: /OAuth 2 Authorization \(browser\), 302, GET \/.*, succeeded: /,
    });
    await authorize.waitFor();
    await list.getByRole('option', { name: /OAuth 2 Token exchange, 200, POST .*, succeeded: / }).waitFor();
    await authorize.click();
    await screenshot(page, `${SCREENSHOTS}/history-authorization-leg-${width}-${scheme}.png`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  },
  60_000
);
