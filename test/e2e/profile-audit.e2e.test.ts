import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, screenshot } from './browser';
import { expect, it } from 'vitest';
import { openPage } from './open-page';
import { e2eSession, shot } from './session';

/**
 * Audit on a profile in browser mode: the app's own mock audited read only with the lax switch
 * metadata-no-s256 on (found) and off (not found), the report and the SARIF downloaded, Show in History opening the
 * audit's exchanges; a server that never answers audited while it runs, then cancelled. Screenshots at 1280x800 and
 * 1024x700, light and dark.
 */
const session = e2eSession();

/** The mock's lax switch metadata-no-s256 set through the Mock provider page, as a user would. */
async function laxNoS256(page: Page, on: boolean) {
  await openPage(page, 'Mock provider');
  const box = page.getByRole('checkbox', { name: 'metadata-no-s256', exact: true });
  // The form shows the mock's settings once read: the switch as it was, before it is changed.
  await expect.poll(() => box.isChecked(), { timeout: 30_000 }).toBe(!on);
  await box.setChecked(on);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved; they apply to the next request.').waitFor();
}

/** Profiles, the built-in mock's edit view, its Audit section: Audit, then the outcome line. */
async function audit(page: Page) {
  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'Edit Mock provider' }).click();
  const section = page.getByRole('region', { name: 'Audit' });
  await section.getByRole('button', { name: 'Audit', exact: true }).click();
  await section.getByText(/ found of \d+ findings; \d+ requests? sent \(read only\)\./).waitFor();
  return section;
}

/** At 1280x800 and 1024x700, light and dark: the whole page, or only `part` (the Audit section, taller than a screen). */
async function shots(page: Page, name: string, part?: Locator) {
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      if (part) await screenshot(part, `${SCREENSHOTS}/${name}-${width}-${scheme}.png`);
      else await shot(page, `${name}-${width}`, scheme);
    }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

it('audits the mock: a lax switch on is found, off is not; the report exported; Show in History', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);

  await laxNoS256(page, true);
  let section = await audit(page);
  const found = section.getByRole('list', { name: 'Found', exact: true });
  const row = found.getByRole('listitem', { name: 'metadata-no-s256', exact: true });
  await row.waitFor();
  expect(await row.innerText()).toContain('RFC 9700 §2.1.1, RFC 7636 §4.2');
  await section.getByRole('checkbox', { name: /Active probes/ }).check();
  await section.getByText('Run active probes only against a server you may test.').waitFor();
  await section.getByRole('checkbox', { name: /Active probes/ }).uncheck();
  await row.scrollIntoViewIfNeeded();
  await shots(page, 'profile-audit', section);

  // The exports: the files `oauth-lab audit --report` and `--sarif` write, downloaded in browser mode.
  const exported = async (button: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: button }).click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  };
  const report = await exported('Export report (HTML)');
  expect(report.name).toMatch(/^oauth-lab-audit-127\.0\.0\.1-\d+\.html$/);
  expect(report.text).toContain('<title>oauth-lab audit: http://127.0.0.1:');
  expect(report.text).toContain('metadata-no-s256');
  const sarif = await exported('Export SARIF');
  expect(JSON.parse(sarif.text)).toMatchObject({ version: '2.1.0' });

  // Show in History: the History filtered to this audit's exchanges, the finding's evidence above them.
  await row.getByRole('button', { name: 'Show in History metadata-no-s256' }).click();
  await page.getByRole('note', { name: 'Why' }).waitFor();
  const owner = page.getByRole('combobox', { name: 'Profile' });
  await expect
    .poll(async () => (await owner.locator('option:checked').innerText()).trim())
    .toBe('Audit: Mock provider');
  await page.getByText('/.well-known/openid-configuration').first().waitFor();
  await shots(page, 'profile-audit-history');

  // The switch off: the same finding is not found (the groups but Found are folded, so their rows are hidden).
  await laxNoS256(page, false);
  section = await audit(page);
  const inGroup = (group: string) =>
    section
      .getByRole('list', { name: group, exact: true, includeHidden: true })
      .getByRole('listitem', { name: 'metadata-no-s256', exact: true, includeHidden: true });
  await inGroup('Not found').waitFor({ state: 'attached' });
  expect(await inGroup('Found').count()).toBe(0);
  await section.getByText(/^Not found \(\d+\)$/).click();
  await inGroup('Not found').waitFor();
  expect(errors).toEqual([]);
});

it('audits a server that never answers: the progress while it runs, then Cancel', async () => {
  const held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  try {
    await page.goto(session.app.url);
    await openPage(page, 'Profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Name', { exact: true }).fill('Silent server');
    await form
      .getByLabel('Base URL', { exact: true })
      .fill(`http://127.0.0.1:${(silent.address() as { port: number }).port}`);
    await form.getByRole('button', { name: 'Create profile' }).click();
    const section = page.getByRole('region', { name: 'Audit' });
    await section.getByRole('button', { name: 'Audit', exact: true }).click();
    await section.getByRole('progressbar', { name: 'Findings decided' }).waitFor();
    await section.getByText(/findings decided, 1 request sent \(at most 60\)\./).waitFor();
    await shots(page, 'profile-audit-running', section);
    await section.getByRole('button', { name: 'Cancel' }).click();
    await section
      .getByText(/^Cancelled: GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration was not answered/)
      .waitFor();
    expect(await section.getByRole('progressbar').count()).toBe(0);
    await shots(page, 'profile-audit-cancelled', section);
    // An edit not yet saved: the audit reads the saved profile, and says so.
    expect(await section.getByText('The audit reads the saved profile').count()).toBe(0);
    await page.getByRole('form', { name: 'Edit Silent server' }).getByLabel('Name', { exact: true }).fill('Quiet');
    await section.getByText('The audit reads the saved profile: save your changes to audit with them.').waitFor();
  } finally {
    await page.close();
    held.forEach((s) => s.destroy());
    await new Promise((r) => silent.close(r));
  }
});
