// `npm run screenshot`: the README's screenshots, taken as a user sees the app, 1280 wide, light: docs/screenshot.png,
// the OAuth 1.0a page after step one (1280x800); docs/mcp.png, the MCP page connecting with the token saved for the
// mock's MCP server, its tools listed and a tool called (the top 1500 px). Needs the built page (npm run build) and
// Debian's Chromium.
import type { Page } from 'playwright-core';
import { startApp } from '../test/e2e/app';
import { launchChromium } from '../test/e2e/browser';

/** The mock's login page in the tab the page opened, answered as the user would. */
async function logIn(page: Page, click: () => Promise<void>) {
  const [tab] = await Promise.all([page.waitForEvent('popup'), click()]);
  await tab.locator('input[name=username]').fill('demo');
  await tab.locator('input[name=password]').fill('demo');
  await tab.getByRole('button', { name: 'Log in and approve' }).click();
  await tab.waitForLoadState();
  await tab.close();
}

async function oauth1Page(page: Page) {
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/Request token .* received\./).waitFor();
  await page.screenshot({ path: 'docs/screenshot.png' });
  console.log('Wrote docs/screenshot.png');
}

async function mcpPage(page: Page) {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'MCP authorization' }).click();
  await page.getByLabel('Tool to call').fill('write_note');
  await page.getByLabel('Arguments (JSON)').fill('{"text": "hello"}');
  const connect = page.getByRole('button', { name: 'Connect, list the tools and call write_note' });
  await logIn(page, () => connect.click());
  await logIn(page, () => page.getByRole('button', { name: 'Open the step-up authorization' }).click());
  const outcome = page.getByRole('region', { name: 'Outcome' });
  await outcome.getByText('The MCP server answered with the access token.').waitFor();
  // Connect again: the saved token goes with the first request, and the tool is called with it.
  page.on('popup', (tab) => void tab.close());
  await connect.click();
  await page.getByRole('heading', { name: /The token saved for this server/ }).waitFor();
  await outcome.getByText('The MCP server answered with the access token.').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'docs/mcp.png', fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1500 } });
  console.log('Wrote docs/mcp.png');
}

const app = await startApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await page.goto(app.url);
  await oauth1Page(page);
  await mcpPage(page);
} finally {
  await browser.close();
  await app.close();
}
