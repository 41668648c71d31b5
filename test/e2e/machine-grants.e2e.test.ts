import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eSession } from './session';
import { screenshot } from './browser';

/**
 * The client credentials and device authorization pages by clicking, against the app's mock: the token leg with
 * its fields, the API call; the device's codes large with a QR code, the polls listed as they come, approval on the
 * mock's verification page in another tab. Screenshots at 1280x800 and 1024x700, light and dark.
 */
const session = e2eSession();
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const cases = VIEWPORTS.flatMap((v) => (['light', 'dark'] as const).map((scheme) => [v, scheme] as const));
const shot = (page: Page, name: string, v: { width: number }, scheme: string) =>
  screenshot(page, `${SHOTS}/${name}-${v.width}-${scheme}.png`, { fullPage: true });
const bar = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Next step' }).getByRole('button', { name, exact: true });

it.each(cases)(
  'client credentials: a token for the scope and resource, then the API call (%o, %s)',
  async (v, scheme) => {
    const page = await session.browser.newPage({ viewport: v, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'Client credentials' }).click();
    const start = page.getByRole('button', { name: 'Start the Client credentials flow' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await page.getByLabel('Scope', { exact: true }).fill('read');
    await page.getByLabel('Resources (RFC 8707), one URI a line').fill('https://api.example.com/');
    await expect
      .poll(() => page.getByRole('region', { name: 'Request to send' }).textContent())
      .toContain('resource=https%3A%2F%2Fapi.example.com%2F');
    expect(await page.getByRole('region', { name: 'Request to send' }).textContent()).not.toContain(
      'oauth-lab-client-secret'
    );
    await shot(page, 'cc-token-before', v, scheme);
    await bar(page, 'Send').click();
    await page.getByText(/^Access token received, valid for \d+ s, scope "read"\.$/).waitFor();
    await shot(page, 'cc-token-after', v, scheme);
    await bar(page, 'Continue: API request →').click();
    await bar(page, 'Send').click();
    await page.getByText('API call answered 200.').waitFor();
    await shot(page, 'cc-api-after', v, scheme);
    // The call exported as code that asks for a new token with the client credentials (no refresh token, §4.4.3).
    await page.getByText('Export this request').click();
    await page.getByLabel('Export as').selectOption('postman');
    await expect.poll(() => page.getByLabel('Export preview').textContent()).toContain('"client_credentials"');
    await shot(page, 'cc-api-export', v, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
);

describe('device', () => {
  // The mock asks for a poll every second (switch devicePollInterval) instead of every 5 s.
  beforeAll(() => session.app.mockSettings({ switches: { devicePollInterval: 1 } }));

  it.each(cases)(
    'device: the codes and QR code, polls listed, approved in another tab (%o, %s)',
    async (v, scheme) => {
      const page = await session.browser.newPage({ viewport: v, colorScheme: scheme });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      await page.getByRole('button', { name: 'Device authorization' }).click();
      const start = page.getByRole('button', { name: 'Start the Device authorization flow' });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      await shot(page, 'device-before', v, scheme);
      await bar(page, 'Send').click();
      const userCode = (await page.getByLabel('User code').textContent())!;
      expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      await page.getByRole('img', { name: /^QR code for http:\/\/.*user_code=/ }).waitFor();
      await page
        .getByRole('table', { name: 'Polls' })
        .getByText('authorization_pending')
        .first()
        .waitFor({ timeout: 15_000 });
      await shot(page, 'device-polling', v, scheme);
      // The user at the other device: the verification page with the code filled in.
      const other = await session.browser.newPage();
      await other.goto(
        await page
          .getByRole('img', { name: /^QR code for / })
          .evaluate((img) => img.getAttribute('alt')!.slice('QR code for '.length))
      );
      await other.getByLabel('Username').fill('demo');
      await other.getByLabel('Password').fill('demo');
      await other.getByRole('button', { name: 'Log in and approve' }).click();
      await other.getByText('Device connected').waitFor();
      await other.close();
      await page.getByRole('table', { name: 'Polls' }).getByText('token', { exact: true }).waitFor({ timeout: 20_000 });
      await shot(page, 'device-token', v, scheme);
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000
  );
});
