import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { mockIdToken } from './mock-id-token';
import { openPage } from './open-page';
import { e2eSession, shot } from './session';

/**
 * The MCP page in Chromium with enterprise-managed authorization (--grant id-jag) against the app's own mock in both
 * roles: the user's id_token exchanged at the mock as IdP for an ID-JAG, redeemed at the MCP server's authorization
 * server, then the tools listed, no login tab; a broken ID-JAG (idJagFault wrong-aud) stopped at the exchange.
 * Light and dark, two sizes.
 */
const session = e2eSession();
afterEach(() => session.app.mockSettings({ switches: { idJagFault: 'off' } }));

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
];

/** The MCP page opened at the app, its grant ID-JAG, the user's id_token from the app's mock pasted. */
async function idJagChosen(page: Page): Promise<void> {
  await page.goto(session.app.url);
  const mockAt = (await page.getByText(/^Mock at /).textContent())!.replace('Mock at ', '');
  await openPage(page, 'MCP authorization');
  await expect.poll(() => page.getByLabel('MCP fault at the mock').isEnabled()).toBe(true);
  await page.getByLabel('Grant').selectOption('id-jag');
  await page.getByLabel('id_token', { exact: true }).fill(await mockIdToken(mockAt));
}

it.each(['light', 'dark'] as const)('ID-JAG through the mock as IdP, then the tools (%s)', async (scheme) => {
  for (const viewport of VIEWPORTS) {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await idJagChosen(page);
    await shot(page, `mcp-id-jag-form-${viewport.width}x${viewport.height}`, scheme);
    await page.getByRole('button', { name: 'Connect and list the tools' }).click();
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await outcome.getByText('The MCP server answered with the access token.').waitFor();
    await outcome.getByText('whoami').waitFor();
    const legs = page.getByRole('list', { name: 'Legs' });
    await legs.getByText(/Token exchange at the IdP for an ID-JAG/).waitFor();
    await legs.getByText(/Redeem the ID-JAG at the authorization server/).waitFor();
    expect(await page.getByRole('heading', { name: /Authorization code with PKCE/ }).count()).toBe(0);
    await shot(page, `mcp-id-jag-${viewport.width}x${viewport.height}`, scheme);
    // The token is saved for the mock's MCP server: forgotten, so the next run exchanges afresh.
    const saved = page.getByRole('region', { name: 'Saved token' });
    await saved.getByRole('button', { name: "Forget this server's token" }).click();
    await saved.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }
});

it('a broken ID-JAG from the IdP (idJagFault wrong-aud) is refused at the exchange, never redeemed', async () => {
  await session.app.mockSettings({ switches: { idJagFault: 'wrong-aud' } });
  const page = await session.browser.newPage({ viewport: VIEWPORTS[0] });
  await idJagChosen(page);
  await page.getByRole('button', { name: 'Connect and list the tools' }).click();
  const outcome = page.getByRole('region', { name: 'Outcome' });
  await outcome.getByText(/^Failed at exchange: The ID-JAG received is not one to redeem \(aud\)/).waitFor();
  await page.getByText(/aud is "https:\/\/as\.elsewhere\.example", not/).waitFor();
  expect(
    await page
      .getByRole('list', { name: 'Legs' })
      .getByText(/Redeem the ID-JAG/)
      .count()
  ).toBe(0);
  await shot(page, 'mcp-id-jag-wrong-aud-1280x800', 'light');
  await page.close();
});
