import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { mockProfileCopy } from './mock-profile-copy';
import { e2eSession } from './session';
import { openPage } from './open-page';

/**
 * A profile made from the mock's keeps working when the mock's port changes: Duplicate gives a profile that follows
 * the mock, so after Stop/Start (a new port) its OAuth 1.0a flow reaches the mock at the new address. A profile
 * with callback port 0 shows the redirect URI as it will be used (a free port chosen at start), not :0.
 */
const session = e2eSession({ appPerTest: true });

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)(
  'a copy of the mock profile follows the mock across Stop/Start (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    const status = page.getByText(/^Mock at http:\/\/127\.0\.0\.1:\d+$/);
    await status.waitFor();
    const first = (await status.textContent())!.replace('Mock at ', '');

    const form = await mockProfileCopy(page);
    expect(await form.getByLabel('Follow the embedded mock', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('Base URL', { exact: true }).inputValue()).toBe(first);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Use Mock provider (copy)' }).click();
    await screenshot(page, `${SCREENSHOTS}/profile-follows-mock-${width}-${scheme}.png`);

    // Stop and Start: the mock comes back on another port.
    await openPage(page, 'Mock provider');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('Mock stopped').waitFor();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await status.waitFor();
    const second = (await status.textContent())!.replace('Mock at ', '');
    expect(second).not.toBe(first);

    await openPage(page, 'Profiles');
    const item = page.getByRole('list', { name: 'Profiles' }).getByRole('listitem', { name: 'Mock provider (copy)' });
    expect(await item.getByText(`embedded mock · ${second}`).count()).toBe(1);

    await page.getByRole('button', { name: 'OAuth 1.0a', exact: true }).click();
    await page.locator('.page-head').getByText(second).waitFor();
    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/Request token .* received\./).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }
);

it.each(SIZES)(
  'callback port 0: the redirect URI says the port is chosen at start (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    await page.goto(session.app.url);
    await openPage(page, 'Profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Callback port', { exact: true }).fill('0');
    const redirect = form.locator('.field.redirect');
    await redirect.getByText('http://127.0.0.1:<free port>/callback').waitFor();
    expect(await redirect.textContent()).not.toContain('127.0.0.1:0/');
    expect(await redirect.getByRole('note').textContent()).toMatch(/a free port is chosen when a flow starts/);
    expect(await scrollsSideways(page)).toBe(false);
    await redirect.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `${SCREENSHOTS}/profile-port-0-${width}-${scheme}.png`);
    await page.close();
  }
);
