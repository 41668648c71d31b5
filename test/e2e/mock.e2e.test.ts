import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { SCREENSHOTS } from './browser';

/** The Mock provider page: settings validated by the mock, the clock moved to expiry, the request token then expired. */

// A fresh app per run: the first run moves the mock's clock, which would put the next run's timestamps out of its window.
const session = e2eSession({ appPerTest: true });

it.each(['light', 'dark'] as const)('changes a lifetime, refuses a bad one, and expires a request token (%s)', async (scheme) => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Request token .* received\./).waitFor();

  await page.getByRole('button', { name: 'Mock provider' }).click();
  const requestTokens = page.getByRole('region', { name: 'OAuth 1.0a request tokens' });
  await requestTokens.getByText('issued').first().waitFor();
  const ttl = page.getByLabel(/Request token lifetime/);
  await ttl.fill('-5');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('alert').filter({ hasText: 'requestTokenTtl' }).waitFor();
  await ttl.fill('120');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved; they apply to the next request.').waitFor();

  await page.getByRole('button', { name: 'Advance to expiry' }).click();
  await page.getByText(/every live token and code has expired/).waitFor();
  await expect.poll(() => requestTokens.getByText('expired').count()).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOTS}/mock-expired-${scheme}.png`, fullPage: true });

  // The flow page's countdown is the client's (expires_in and this computer's clock); the mock's verdict is beside it.
  await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
  const credentials = page.getByRole('list', { name: 'Credentials' });
  await credentials.getByText(/expires in \d\d:\d\d · at the mock: expired/).waitFor();
  await credentials.screenshot({ path: `${SCREENSHOTS}/oauth1-mock-clock-${scheme}.png` });
  await page.getByRole('button', { name: 'Mock provider' }).click();

  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByText('Every token, code and event forgotten.').waitFor();
  expect(await requestTokens.getByText('None yet.').count()).toBe(1);
  expect(errors).toEqual([]);
  await page.close();
});
