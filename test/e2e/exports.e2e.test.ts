import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { SCREENSHOTS, screenshot } from './browser';
import { openPage } from './open-page';

/** The export menu on a request (preview, secrets only when asked, download) and the history as HAR. */
const session = e2eSession();

it.each(['light', 'dark'] as const)(
  'exports a signed leg as code, with secrets only when asked, and the history as HAR (%s)',
  async (scheme) => {
    const page = await session.browser.newPage({
      viewport: { width: 1280, height: 800 },
      colorScheme: scheme,
      acceptDownloads: true,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await page.getByText('Export this request').click();
    const preview = page.getByLabel('Export preview');
    await expect.poll(() => preview.textContent()).toContain('curl');
    expect(await preview.textContent()).toMatch(/Single use/);
    await page.getByLabel('Export as').selectOption('python-oauth1');
    await expect.poll(() => preview.textContent()).toContain('OAuth1');
    expect(await preview.textContent()).not.toContain('oauth-lab-consumer-secret');
    await page.getByLabel('Include secrets').check();
    await expect.poll(() => preview.textContent()).toContain('oauth-lab-consumer-secret');
    await screenshot(page, `${SCREENSHOTS}/export-oauth1-${scheme}.png`, { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.py$/);
    expect(readFileSync((await download.path())!, 'utf8')).toContain('oauth-lab-consumer-secret');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/Request token .* received\./).waitFor();
    await openPage(page, 'History');
    const [har] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export HAR' }).click(),
    ]);
    const log = JSON.parse(readFileSync((await har.path())!, 'utf8')).log;
    expect(log.version).toBe('1.2');
    expect(
      log.entries.some((e: { request: { url: string } }) => e.request.url.endsWith('/oauth/v1/request_token'))
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }
);
