import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession, shot } from './session';

/**
 * Issue 6, done-when: by clicking only, against the browser mode and the embedded mock (its login page included),
 * the three OAuth 1.0a legs, a signed API call, deauthorization in the mock page and the 401 that follows; then a
 * wrong consumer secret and the signature diff the provider's side shows.
 */
const session = e2eSession();

const leg = (page: Page) => page.getByRole('region', { name: /^(Request token|Authorize|Access token|API request)$/ });

it.each(['light', 'dark'] as const)('completes the OAuth 1.0a flow by clicking, then sees the 401 after deauthorizing (%s)', async (scheme) => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
  await shot(page, 'oauth1-start', scheme);

  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('heading', { name: 'Signature base string' }).waitFor();
  await shot(page, 'oauth1-request-token-before', scheme);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Request token .* received\./).waitFor();
  await shot(page, 'oauth1-request-token-after', scheme);

  await page.getByRole('button', { name: 'Continue: Authorize →' }).click();
  await shot(page, 'oauth1-authorize-before', scheme);
  const [login] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open in browser' }).click()]);
  await login.getByLabel('Username').fill('demo');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Log in and approve' }).click();
  await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
  await login.close();
  await shot(page, 'oauth1-authorize-after', scheme);

  await page.getByRole('button', { name: 'Continue: Access token →' }).click();
  await shot(page, 'oauth1-access-token-before', scheme);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Access token .* received; it does not expire/).waitFor();
  await shot(page, 'oauth1-access-token-after', scheme);

  await page.getByRole('button', { name: 'Continue: API request →' }).click();
  await shot(page, 'oauth1-api-before', scheme);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('API call answered 200.').waitFor();
  await expect.poll(() => page.getByRole('region', { name: "Provider's view" }).getByText('Accepted').count()).toBe(1);
  await shot(page, 'oauth1-api-after', scheme);

  await page.getByRole('button', { name: 'Mock provider' }).click();
  await page.getByRole('button', { name: 'Deauthorize' }).click();
  await page.getByText(/deauthorized: API calls with it now get 401/).waitFor();
  await shot(page, 'mock', scheme);
  await page.getByRole('button', { name: 'OAuth 1.0a' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('p.summary.bad', { hasText: /^HTTP 401, the provider says: token_revoked: [^%]*\. Obtain a new one with the three legs\.$/ }).waitFor();
  expect(await leg(page).getByText('401 Unauthorized').count()).toBeGreaterThan(0);
  await shot(page, 'oauth1-api-401', scheme);
  // Every sent leg is in the history, newest first: the 401 on top.
  const history = await page.evaluate(async () => (await fetch('/api/call/historyList', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ profileId: 'mock' }) })).json());
  expect(history.value.entries[0]).toMatchObject({ flow: 'oauth1', leg: 'api', outcome: 'failed' });
  expect(history.value.entries.map((e: { leg: string }) => e.leg)).toEqual(expect.arrayContaining(['requestToken', 'accessToken', 'api']));
  const tokens = await page.evaluate(async () => (await fetch('/api/call/tokensList', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ profileId: 'mock' }) })).json());
  expect(tokens.value[0]).toMatchObject({ kind: 'oauth1', expiresAt: null });
  expect(errors).toEqual([]);
  await page.close();
});

it('shows the signature diff after a deliberately wrong consumer secret', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByLabel('Consumer secret').fill('not-the-secret');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^No request token: HTTP 401, the provider says: signature_invalid: /).waitFor();
  const provider = page.getByRole('region', { name: "Provider's view" });
  await provider.getByText('Rejected').waitFor();
  await provider.getByText(/the signing key differs: check the consumer secret/).waitFor();
  await shot(page, 'oauth1-signature-invalid', 'light');
  await page.close();
});
