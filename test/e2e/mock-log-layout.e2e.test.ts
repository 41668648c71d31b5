import { expect, it } from 'vitest';
import { scrollsSideways } from './in-view';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * The Mock page's log keeps its long lines inside the page: a signature_invalid verdict (whose message carries the
 * mock's whole base string) wraps in its row and the base string wraps in its box, at 1024 px as at 1280.
 */
const session = e2eSession();

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

it.each(SIZES)('a signature_invalid line does not widen the Mock page (%s, %ix%i)', async (scheme, width, height) => {
  const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByLabel('Consumer secret', { exact: true }).fill('not-the-secret');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(/^No request token: HTTP 401, the provider says: signature_invalid: \S/).waitFor();

  await openPage(page, 'Mock provider');
  const log = page.getByRole('region', { name: 'Requests received' });
  const line = log.locator('li.bad').filter({ hasText: 'signature_invalid' }).first();
  await line.waitFor();
  expect(await scrollsSideways(page)).toBe(false);
  // Opened, the entry shows the mock's base string and the exchange: they wrap or scroll inside their own boxes.
  await line.locator('summary').click();
  await line.locator('pre').first().waitFor();
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, `mock-log-${width}`, scheme);
  await page.close();
});
