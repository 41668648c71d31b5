import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession } from './session';
import { SCREENSHOTS, screenshot } from './browser';
import { openPage } from './open-page';

/**
 * Profiles, by typing and clicking against the browser mode: create a profile for a real
 * server, see it listed, make it active, duplicate it, delete the copy after confirming, export without secrets
 * (the JSON holds none of the secrets typed), and keep unsaved changes across pages and another profile's Edit.
 * Screenshots of the list, the edit form and the unsaved-changes question, light and dark.
 */
const session = e2eSession();

/**
 * The same state in both schemes: light, then dark, then back. The viewport is made as tall as the page for the
 * shot, so sticky parts (the sidebar, the form's Save bar) are drawn where they sit rather than over the fields.
 */
async function shots(page: Page, name: string) {
  const { height, width } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  expect(width, 'nothing overflows sideways at 1280 px').toBeLessThanOrEqual(1280);
  await page.setViewportSize({ width: 1280, height: Math.max(800, height) });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `${SCREENSHOTS}/profiles-${name}-${scheme}.png`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const call = (page: Page, method: string, input?: unknown) =>
  page.evaluate(
    async ([m, i]) =>
      (
        await fetch(`/api/call/${m}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(i ?? {}),
        })
      ).json(),
    [method, input] as const
  );

const SECRETS = { consumer: 'e2e-consumer-secret-typed', client: 'e2e-client-secret-typed', rsa: 'e2e-rsa-key-typed' };

it('creates a real-server profile by typing, uses it, duplicates it, deletes the copy after confirming, and exports without secrets', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
  await openPage(page, 'Profiles');
  await page.getByRole('form', { name: 'Edit Mock provider' }).waitFor();
  const list = page.getByRole('list', { name: 'Profiles' });
  expect(await list.getByRole('listitem').count()).toBe(1);
  expect(await list.getByRole('listitem', { name: 'Mock provider' }).getAttribute('aria-current')).toBe('true');
  expect(await page.getByText('stored in a file only you can read').count()).toBe(1);
  await shots(page, 'list');

  // Create a profile for a real server, by typing; a bad port is named as typed, then corrected.
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field('Name').pressSequentially('Staging API');
  await field('Base URL').pressSequentially('staging.example.com');
  await form.getByText(/^Base URL: .*expected an absolute URL starting with http:\/\/ or https:\/\//).waitFor();
  await field('Base URL').fill('');
  await field('Base URL').pressSequentially('https://staging.example.com');
  await field('Callback port').fill('');
  await field('Callback port').pressSequentially('70000');
  await form.getByText('Callback port: the port must be 0 (any free port) to 65535').waitFor();
  await field('Consumer key').pressSequentially('staging-consumer');
  await field('Consumer secret').pressSequentially(SECRETS.consumer);
  await field('RSA private key').pressSequentially(SECRETS.rsa);
  await field('Client ID').pressSequentially('staging-client');
  await field('Client secret').pressSequentially(SECRETS.client);
  await field('Scope').pressSequentially('read write');
  await field('Client authentication').selectOption('basic');
  expect(await field('Consumer secret').getAttribute('type')).toBe('password');
  await shots(page, 'new-invalid');
  await field('Callback port').fill('');
  await field('Callback port').pressSequentially('8765');
  expect(await form.getByText(/^Callback port:/).count()).toBe(0);
  await form.getByRole('button', { name: 'Create profile' }).click();
  await page.getByText('Created "Staging API". Choose Use to run the flows against it.').waitFor();
  const item = list.getByRole('listitem', { name: 'Staging API' });
  await item.waitFor();
  expect(await item.getByText('https://staging.example.com').count()).toBe(1);

  // Make it active: the flow pages use it.
  await page.getByRole('button', { name: 'Use Staging API' }).click();
  await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
  expect((await call(page, 'settingsGet')).value.activeProfileId).toBe((await call(page, 'profilesList')).value[1].id);
  await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
  await page.getByText('https://staging.example.com').first().waitFor();
  await openPage(page, 'Profiles');

  // Duplicate, then delete the copy after the in-page confirmation.
  await page.getByRole('button', { name: 'Duplicate Staging API' }).click();
  const copy = list.getByRole('listitem', { name: 'Staging API (copy)' });
  await copy.waitFor();
  await page.getByRole('button', { name: 'Delete Staging API (copy)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Staging API (copy)”?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Delete Staging API (copy)' }).click();
  await page.getByText('Deleted "Staging API (copy)" and its saved tokens.').waitFor();
  expect(await copy.count()).toBe(0);
  expect((await call(page, 'profilesList')).value.map((p: { name: string }) => p.name)).toEqual([
    'Mock provider',
    'Staging API',
  ]);

  // Export without secrets: none of the secrets typed is in the JSON.
  const exportPart = page.getByRole('region', { name: 'Export profiles' });
  expect(await exportPart.getByRole('checkbox', { name: 'Include secrets' }).isChecked()).toBe(false);
  await exportPart.getByRole('button', { name: 'Export profiles' }).click();
  const json = (await exportPart.getByLabel('Exported JSON', { exact: true }).textContent()) ?? '';
  expect(JSON.parse(json).profiles.map((p: { name: string }) => p.name)).toEqual(['Staging API']);
  expect(json).toContain('staging-consumer');
  for (const s of Object.values(SECRETS)) expect(json).not.toContain(s);
  expect(await exportPart.getByRole('link', { name: 'Download oauth-lab-profiles.json' }).getAttribute('href')).toMatch(
    /^blob:/
  );

  // A saved token for the profile, as a flow would keep it, shows masked in its edit view.
  const id = (await call(page, 'profilesList')).value[1].id as string;
  const now = Date.now();
  const saved = await call(page, 'tokenSave', {
    token: {
      id: 'tok-1',
      profileId: id,
      kind: 'oauth2',
      token: 'e2e-bearer-token-value',
      refreshToken: 'r',
      scope: 'read write',
      obtainedAt: now,
      expiresAt: now + 3600_000,
    },
  });
  expect(saved.ok).toBe(true);
  await page.getByRole('button', { name: 'Edit Mock provider' }).click();
  await page.getByRole('button', { name: 'Edit Staging API' }).click();
  const tokens = page.getByRole('region', { name: 'Saved tokens' });
  await tokens.getByRole('table').waitFor();
  expect(await tokens.getByText('e2e-bearer-token-value').count()).toBe(0);
  // Every column, Delete included, fits the card at 1280 and at 1024 without scrolling sideways.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const fits = await tokens.locator('.table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, `the saved tokens table fits its card at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, 'edit');

  // Unsaved changes survive leaving the page; opening another profile asks first, and Keep editing keeps them.
  const edit = page.getByRole('form', { name: 'Edit Staging API' });
  await edit.getByLabel('Scope', { exact: true }).fill('read write admin');
  await page.getByRole('button', { name: 'OAuth 2', exact: true }).click();
  await openPage(page, 'Profiles');
  await edit.getByText('Unsaved changes').waitFor();
  expect(await edit.getByLabel('Scope', { exact: true }).inputValue()).toBe('read write admin');
  await page.getByRole('button', { name: 'Edit Mock provider' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard your unsaved changes to “Staging API”?' });
  await ask.waitFor();
  await shots(page, 'unsaved');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved "Staging API".').waitFor();
  expect((await call(page, 'profilesList')).value[1].oauth2.scope).toBe('read write admin');
  expect(errors).toEqual([]);
  await page.close();
});
