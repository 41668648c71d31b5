import { expect, it } from 'vitest';
import { e2eSession } from './session';
import { openPage } from './open-page';

/**
 * The app's flows fill History through the host: a leg sent from the page is recorded once, where it was sent,
 * and carries the leg's own verdict (its checks), as the History page shows it.
 */
const session = e2eSession();

it("an OAuth 1.0a leg sent from the page is in History once, with the leg's own verdict", async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(session.app.url);
  await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
  await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
  await page.getByRole('group', { name: 'Next step' }).getByRole('button', { name: 'Send', exact: true }).click();
  const verdict = (await page
    .getByText(/^Request token .* received\.$/)
    .first()
    .textContent())!;

  const entries = () => session.app.store.historyList({ offset: 0, limit: 10 }).entries;
  await expect
    .poll(() => entries().map((e) => [e.flow, e.leg, e.outcome, e.summary]))
    .toEqual([['oauth1', 'requestToken', 'succeeded', verdict]]);
  expect(entries()[0]!.exchange.request.url).toMatch(/\/oauth\/v1\/request_token$/);

  await openPage(page, 'History');
  await expect.poll(() => page.getByRole('status', { name: 'Total' }).textContent()).toBe('1 exchange');
  await page
    .getByRole('listbox', { name: 'Exchanges, newest first' })
    .getByRole('option', { name: new RegExp(verdict.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .waitFor();
  expect(errors).toEqual([]);
  await page.close();
});
