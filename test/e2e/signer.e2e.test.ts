import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession, shot as screenshot } from './session';
import { openPage } from './open-page';

/**
 * The Request signer against the embedded mock, by clicking: the Mock provider profile, a request token request
 * with oauth_callback signed and sent (200, the mock's "Accepted"), then a wrong consumer secret (401, the mock's
 * "Rejected" and the signing-key cause). Light and dark screenshots of each state.
 */
const session = e2eSession();

const shot = (page: Page, name: string, scheme: string) => screenshot(page, `signer-${name}`, scheme);

it.each(['light', 'dark'] as const)(
  'signs and sends a request token request, then shows why a wrong consumer secret fails (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
    const mockBase = (await page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).textContent())!.replace('Mock at ', '');

    await openPage(page, 'Request signer');
    await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Mock provider' });
    await page.getByRole('button', { name: 'POST request token' }).click();
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe(`${mockBase}/oauth/v1/request_token`);
    expect(await page.getByLabel('Method', { exact: true }).inputValue()).toBe('POST');
    await page.getByLabel('oauth_callback', { exact: true }).fill('http://127.0.0.1:8765/callback');
    await page.getByRole('heading', { name: 'Signature base string' }).waitFor();
    const walk = page.getByRole('region', { name: 'Signature walk-through' });
    expect(
      await walk.locator('[data-step="protocol-parameters"]').getByText('oauth_callback', { exact: true }).count()
    ).toBe(1);
    await shot(page, 'before', scheme);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('The server accepted the request: 200 OK.').waitFor();
    const provider = page.getByRole('region', { name: "Provider's view" });
    await provider.getByText('Accepted', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('region', { name: 'Response' })
        .getByText(/oauth_callback_confirmed/)
        .count()
    ).toBeGreaterThan(0);
    await shot(page, 'accepted', scheme);

    await page.getByLabel('Consumer secret', { exact: true }).fill('not-the-secret');
    await page.keyboard.press('Control+Enter');
    await page.getByText(/^The server answered 401 Unauthorized: signature_invalid: /).waitFor();
    await provider.getByText('Rejected', { exact: true }).waitFor();
    await provider.getByText(/the signing key differs: check the consumer secret/).waitFor();
    expect(await page.getByText('not-the-secret').count()).toBe(0);
    await shot(page, 'rejected', scheme);

    const history = await page.evaluate(async () =>
      (
        await fetch('/api/call/historyList', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ profileId: 'mock' }),
        })
      ).json()
    );
    expect(history.value.entries.slice(0, 2)).toMatchObject([
      { flow: 'signer', outcome: 'failed' },
      { flow: 'signer', outcome: 'succeeded' },
    ]);
    expect(errors).toEqual([]);
    await page.close();
  }
);

it('shows the PLAINTEXT warning with the signature masked', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await openPage(page, 'Request signer');
  await page.getByLabel('Signature method', { exact: true }).selectOption('PLAINTEXT');
  await page.getByRole('note', { name: 'PLAINTEXT warning' }).waitFor();
  expect(await page.getByText(/oauth-lab-consumer-secret/).count()).toBe(0);
  await shot(page, 'plaintext', 'light');
  await page.close();
});
