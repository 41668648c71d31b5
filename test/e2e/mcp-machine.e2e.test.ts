import { afterAll, beforeAll, expect, it } from 'vitest';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The MCP page in Chromium against the app's own mock, in a machine mode: client credentials with DPoP, the mock
 * asking for a nonce at its token endpoint and at /mcp (RFC 9449 §8, §9); the tools listed without a login tab.
 * Light and dark, two sizes.
 */
const session = e2eSession();
beforeAll(() => session.app.mockSettings({ switches: { dpopNonce: true } }));
afterAll(() => session.app.mockSettings({ switches: { dpopNonce: false } }));

it.each(['light', 'dark'] as const)('client credentials with DPoP and nonces on the mock (%s)', async (scheme) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    const page = await session.browser.newPage({ viewport, colorScheme: scheme });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.app.url);
    await openPage(page, 'MCP authorization');
    await expect.poll(() => page.getByLabel('MCP fault at the mock').isEnabled()).toBe(true);
    await page.getByLabel('Grant').selectOption('client-credentials');
    await page.getByLabel(/DPoP \(RFC 9449\)/).check();
    await page.getByRole('button', { name: 'Connect and list the tools' }).click();
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await outcome.getByText('The MCP server answered with the access token.').waitFor();
    await outcome.getByText('whoami').waitFor();
    const legs = page.getByRole('list', { name: 'Legs' });
    await legs.getByText(/use_dpop_nonce, RFC 9449 §8/).waitFor();
    await legs.getByText(/use_dpop_nonce, RFC 9449 §9/).waitFor();
    expect(await page.getByRole('heading', { name: /Authorization code with PKCE/ }).count()).toBe(0);
    await shot(page, `mcp-client-credentials-dpop-${viewport.width}x${viewport.height}`, scheme);
    expect(errors).toEqual([]);
    await page.close();
  }
});
