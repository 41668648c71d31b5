import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession, shot } from './session';

/** Issue 6, done-when: the OAuth 2 flow by clicking (PKCE, exchange, bearer call, refresh) against the mock, login page included. */
const session = e2eSession();

const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true }).click();

it.each(['light', 'dark'] as const)('completes the OAuth 2 flow with PKCE by clicking, then refreshes (%s)', async (scheme) => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'OAuth 2' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Start the OAuth 2 flow' }).isEnabled()).toBe(true);
  await shot(page, 'oauth2-start', scheme);
  await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
  await page.getByText(/code_challenge \(S256\)/).waitFor();
  await shot(page, 'oauth2-authorize-before', scheme);

  const [login] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open in browser' }).click()]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorization code received.').waitFor();
  await login.close();
  await shot(page, 'oauth2-authorize-after', scheme);

  await page.getByRole('button', { name: 'Continue: Token exchange →' }).click();
  await expect.poll(() => page.getByLabel('Body (form-encoded)').inputValue()).toContain('code_verifier=');
  expect(await page.getByLabel('Body (form-encoded)').inputValue()).not.toContain('oauth-lab-client-secret');
  await shot(page, 'oauth2-token-before', scheme);
  await send(page);
  await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
  await shot(page, 'oauth2-token-after', scheme);

  await page.getByRole('button', { name: 'Continue: API request →' }).click();
  await shot(page, 'oauth2-api-before', scheme);
  await send(page);
  await page.getByText('API call answered 200.').waitFor();
  await expect.poll(() => page.getByRole('region', { name: "Provider's view" }).getByText('Accepted').count()).toBe(1);
  await shot(page, 'oauth2-api-after', scheme);

  await page.getByRole('button', { name: 'Continue: Refresh →' }).click();
  await shot(page, 'oauth2-refresh-before', scheme);
  await send(page);
  await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
  await shot(page, 'oauth2-refresh-after', scheme);
  expect(errors).toEqual([]);
  await page.close();
});
