import { expect, it } from 'vitest';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The Mock provider page: settings validated by the mock; the clock moved past the request token's lifetime, so
 * step three ends with token_expired (timestamps are still judged by real time) while a banner says the clock is
 * moved; Reset clock; forgetting every token only after a confirmation.
 */
const session = e2eSession({ appPerTest: true });

it.each(['light', 'dark'] as const)(
  'expires a request token with the clock, so step three gets token_expired; resets the clock (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/Request token .* received\./).waitFor();
    await page.getByRole('button', { name: 'Continue: Authorize →' }).click();
    const [login] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in browser' }).click(),
    ]);
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Log in and approve' }).click();
    await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
    await login.close();

    await openPage(page, 'Mock provider');
    const requestTokens = page.getByRole('region', { name: 'OAuth 1.0a request tokens' });
    await requestTokens.getByText('authorized').first().waitFor();
    const ttl = page.getByLabel(/Request token lifetime/);
    await ttl.fill('-5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'requestTokenTtl' }).waitFor();
    await ttl.fill('120');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved; they apply to the next request.').waitFor();

    expect(await page.getByRole('status', { name: 'Mock clock' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Advance to expiry' }).click();
    await page.getByText(/every request token, authorization code and bearer token has expired/).waitFor();
    await expect.poll(() => requestTokens.getByText('expired').count()).toBeGreaterThan(0);
    const banner = page.getByRole('status', { name: 'Mock clock' });
    // How far depends on when the token was issued: the banner says it in minutes and seconds.
    await banner
      .getByText(/^The mock's clock is (\d+ min )?\d+ s ahead\.$|^The mock's clock is \d+ min ahead\.$/)
      .waitFor();
    await shot(page, 'mock-expired', scheme);

    // The flow page: the banner stays, the mock's verdict sits beside the client's countdown, and step three fails
    // because the request token expired, not because of the client's clock.
    await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
    await banner.waitFor();
    const credentials = page.getByRole('list', { name: 'Credentials' });
    await credentials.getByText(/expires in \d\d:\d\d · at the mock: expired/).waitFor();
    await page.getByRole('button', { name: 'Continue: Access token →' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('p.summary.bad', { hasText: /token_expired/ }).waitFor();
    expect(await page.getByText(/timestamp_refused|Check the client's clock/).count()).toBe(0);
    await shot(page, 'oauth1-token-expired', scheme);

    await banner.getByRole('button', { name: 'Reset clock' }).click();
    await expect.poll(() => banner.count()).toBe(0);

    await openPage(page, 'Mock provider');
    await page.getByText(/\(real time\)/).waitFor();
    await page.getByRole('button', { name: 'Forget all tokens…' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm forgetting' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await requestTokens.getByText('None yet.').count()).toBe(0);
    await page.getByRole('button', { name: 'Forget all tokens…' }).click();
    await confirm.getByRole('button', { name: 'Forget them' }).click();
    await page.getByText('Every token, code and event forgotten.').waitFor();
    expect(await requestTokens.getByText('None yet.').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }
);
