import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The MCP page in Chromium against the app's own mock: the chain to the mock's MCP endpoint with the user logging
 * in at the mock in the tabs the page opens (the first with the Connect click, the step-up with its own button);
 * the token saved for the server, used by the second Connect without a tab, then forgotten; then the mock's
 * wrong-resource fault refused before any tab opens; then the chain again on revision 2025-11-25 (the initialize
 * handshake) where the first run spoke 2026-07-28 (the stateless wire). Light and dark, two sizes.
 */
const session = e2eSession();
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

/** The mock's login page in the tab the page opened, answered as the user would. */
async function logIn(page: Page, click: () => Promise<void>) {
  const [tab] = await Promise.all([page.waitForEvent('popup'), click()]);
  await tab.locator('input[name=username]').fill('demo');
  await tab.locator('input[name=password]').fill('demo');
  await tab.getByRole('button', { name: 'Log in and approve' }).click();
  await tab.waitForLoadState();
  await tab.close();
}

it.each(['light', 'dark'] as const)(
  'walks the MCP chain on the mock, with a step-up, and refuses a fault (%s)',
  async (scheme) => {
    for (const viewport of SIZES) {
      const page = await session.browser.newPage({ viewport, colorScheme: scheme });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(session.app.url);
      await openPage(page, 'MCP authorization');
      await page.getByRole('heading', { name: 'MCP authorization' }).waitFor();
      const fault = page.getByLabel('MCP fault at the mock');
      await expect.poll(() => fault.isEnabled()).toBe(true);
      await page.getByLabel('Tool to call').fill('write_note');
      await page.getByLabel('Arguments (JSON)').fill('{"text": "hello"}');
      await logIn(page, () =>
        page.getByRole('button', { name: 'Connect, list the tools and call write_note' }).click()
      );
      await logIn(page, () => page.getByRole('button', { name: 'Open the step-up authorization' }).click());
      const outcome = page.getByRole('region', { name: 'Outcome' });
      await outcome.getByText('The MCP server answered with the access token.').waitFor();
      expect(await outcome.getByLabel('Tool result').textContent()).toContain('note saved for demo: hello');
      await outcome.getByText('MCP 2026-07-28 (the newest the server speaks)').waitFor();
      await page.getByRole('heading', { name: 'MCP server/discover (with the access token)' }).waitFor();
      const size = `${viewport.width}x${viewport.height}`;
      await shot(page, `mcp-step-up-${size}`, scheme);

      // The second Connect uses the saved token: no tab, no registration, the token shown masked.
      const saved = page.getByRole('region', { name: 'Saved token' });
      await saved.waitFor();
      // In browser mode the click opens a blank tab before the run (a pop-up blocker's rule), closed unused.
      const tabs: Page[] = [];
      page.on('popup', (tab) => void tabs.push(tab));
      await page.getByRole('button', { name: 'Connect, list the tools and call write_note' }).click();
      await page.getByRole('heading', { name: /The token saved for this server/ }).waitFor();
      await outcome.getByText('The MCP server answered with the access token.').waitFor();
      expect(tabs.map((t) => t.url())).toEqual(tabs.map(() => 'about:blank'));
      expect(await page.getByRole('heading', { name: /Authorization code with PKCE/ }).count()).toBe(0);
      expect(await saved.textContent()).toContain('••••');
      await shot(page, `mcp-saved-token-${size}`, scheme);
      await saved.getByRole('button', { name: "Forget this server's token" }).click();
      await saved.waitFor({ state: 'detached' });

      await fault.selectOption('wrong-resource');
      try {
        await page.getByRole('button', { name: 'Connect, list the tools and call write_note' }).click();
        await outcome
          .getByText(/Failed at resource metadata: resource https:\/\/elsewhere\.example\/mcp does not name/)
          .waitFor();
        await shot(page, `mcp-wrong-resource-${size}`, scheme);
      } finally {
        await fault.selectOption('off');
      }

      await page.getByLabel('Protocol version').selectOption('2025-11-25');
      await page.getByLabel('Tool to call').fill('');
      await logIn(page, () => page.getByRole('button', { name: 'Connect and list the tools' }).click());
      await outcome.getByText('MCP 2025-11-25 (asked for)').waitFor();
      await page.getByRole('heading', { name: 'MCP initialize (with the access token)' }).waitFor();
      await shot(page, `mcp-2025-11-25-${size}`, scheme);
      await saved.getByRole('button', { name: "Forget this server's token" }).click();
      await saved.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.close();
    }
  }
);
