import { expect, it } from 'vitest';
import { oauthHar } from '../bench/oauth-har-fixture';
import { codeFlow, harOf } from '../unit/shared/explain/har-builder';
import { e2eSession } from './session';
import { SCREENSHOTS, screenshot } from './browser';
import { openPage } from './open-page';

/**
 * History → Explain a HAR file: the file is read in the page and explained on a Web Worker; the failed leg's
 * causes are shown with their evidence, secrets as fingerprints, the server's markup as text; its legs are then
 * added to the history, marked imported. Light and dark, at 1280x800 and 1024x700.
 */
const session = e2eSession();

const har = harOf([
  ...codeFlow('c0de-planted-value', {
    status: 200,
    response: '{"access_token":"at-planted-value","token_type":"Bearer","expires_in":3600}',
  }),
  {
    url: 'https://idp.example/token',
    body: 'grant_type=authorization_code&code=c0de-planted-value&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&client_id=app&client_secret=app-secret-value',
    status: 400,
    response: '{"error":"invalid_grant","error_description":"<img src=x onerror=alert(1)>"}',
    at: 4,
  },
]);

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)('explains a HAR on a worker and shows the cause (%s, %ix%i)', async (scheme, width, height) => {
  const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  const errors: string[] = [];
  const workers: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(session.app.url);
  await openPage(page, 'History');
  await page.getByRole('button', { name: 'Explain a HAR file…' }).waitFor();
  await page.getByLabel('HAR file to explain').setInputFiles({
    name: 'support-ticket.har',
    mimeType: 'application/json',
    buffer: Buffer.from(har),
  });
  const failed = page.getByRole('region', { name: 'Leg 2 failed' });
  await failed.getByText('code_reused').waitFor();
  const panel = page.getByRole('region', { name: 'HAR explanation' });
  const text = (await panel.textContent()) ?? '';
  expect(text).toContain('3 entries, 3 OAuth legs');
  expect(text).not.toContain('c0de-planted-value');
  expect(text).not.toContain('app-secret-value');
  expect(await panel.locator('img').count()).toBe(0);
  expect(workers.some((u) => u.includes('har-explain'))).toBe(true);
  // The legs become history entries marked imported, through the real bridge and store.
  await panel.getByRole('button', { name: 'Add its OAuth legs to the history' }).click();
  await panel.getByText('Added 3 exchanges of 3 OAuth legs to the history, marked imported.').waitFor();
  const list = page.getByRole('listbox', { name: 'Exchanges, newest first' });
  await list
    .getByRole('option', { name: /Imported: support-ticket\.har.*failed: Imported from support-ticket\.har, entry 2/ })
    .first()
    .click();
  await page
    .getByRole('region', { name: 'Exchange detail' })
    .getByText(/most likely code_reused/)
    .waitFor();
  await screenshot(page, `${SCREENSHOTS}/history-explain-${scheme}-${width}x${height}.png`, { fullPage: true });
  expect(errors).toEqual([]);
  await page.close();
});

const bigHar = oauthHar(2_000);

it.each([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const)(
  "adds a larger HAR's legs with the host's progress shown, explained on the built host's worker (%s, %ix%i)",
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByLabel('HAR file to explain').setInputFiles({
      name: 'long-history.har',
      mimeType: 'application/json',
      buffer: Buffer.from(bigHar),
    });
    const panel = page.getByRole('region', { name: 'HAR explanation' });
    await panel.getByText('2,000 entries, 1,600 OAuth legs').waitFor({ timeout: 60_000 });
    // Every progress text the page shows, however briefly: the host's worker answers in well under a second.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const p = document.querySelector('.explain-progress');
        if (p?.textContent && seen.at(-1) !== p.textContent) seen.push(p.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The call is held at first, so the bar is on screen for the screenshot; then the host gets it.
    let held: (() => Promise<void>) | null = null;
    await page.route('**/api/call/historyImport', (route) => void (held = () => route.continue()));
    await panel.getByRole('button', { name: 'Add its OAuth legs to the history' }).click();
    await panel.getByRole('progressbar', { name: 'Adding the OAuth legs' }).waitFor();
    await screenshot(page, `${SCREENSHOTS}/history-import-progress-${scheme}-${width}x${height}.png`);
    await expect.poll(() => held !== null).toBe(true);
    await held!();
    await panel
      .getByText('Added 2,000 exchanges of 1,600 OAuth legs to the history, marked imported.')
      .waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // The built host's worker (out/cli/har-import-worker.js) reported the legs explained as it went.
    expect(seen.some((t) => /Adding its OAuth legs: [\d,]+ legs? of 1,600 explained…$/.test(t))).toBe(true);
    expect(await panel.getByRole('progressbar').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  },
  120_000
);
