import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { SCREENSHOTS, screenshot } from './browser';
import { openPage } from './open-page';

/** A dead server is shown in the leg that hit it, in words, and a second click does not double-send. */
const session = e2eSession();

it('says the server refused the connection when the mock is stopped', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await openPage(page, 'Mock provider');
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByText('Mock stopped').waitFor();
  await page.getByRole('button', { name: 'OAuth 1.0a' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).dblclick();
  const alert = page.getByRole('alert').filter({ hasText: 'connection_refused' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(/refused/i);
  expect(await page.getByRole('button', { name: /Request token.*Failed/ }).count()).toBe(1);
  await screenshot(page, `${SCREENSHOTS}/oauth1-connection-refused-light.png`, { fullPage: true });
  expect(errors).toEqual([]);
});
