import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The OAuth 2 flow by clicking on the profile in use, as far as the mock's login: Start, the login in the tab the
 * page opens answered (demo / demo). The tab is returned, the redirect back on its way.
 */
export async function approvedOnOAuth2Page(page: Page): Promise<Page> {
  await page.getByRole('button', { name: 'OAuth 2', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
  await page.getByText(/code_challenge \(S256\)/).waitFor();
  const [login] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Control+Enter')]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  return login;
}

/** Then the code back, Continue and Send until the access token is received. */
export async function tokenOnOAuth2Page(page: Page): Promise<void> {
  const login = await approvedOnOAuth2Page(page);
  await page.getByText('Authorization code received.').waitFor();
  await login.close();
  const next = page.getByRole('group', { name: 'Next step' });
  await next.getByRole('button', { name: 'Continue: Token exchange →' }).click();
  await next.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
}
