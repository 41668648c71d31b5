import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scrollsSideways } from './in-view';
import { SCREENSHOTS, screenshot } from './browser';
import { e2eSession, shot } from './session';
import { openPage } from './open-page';

/**
 * Layout at 1024 px as well as 1280: the History list keeps its columns inside their rows (the list scrolls
 * sideways inside its card, the page does not), and the Profiles form's Extra headers box spans the form.
 */
const session = e2eSession();

const SIZES = [
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 1024, 700],
  ['dark', 1024, 700],
] as const;

/** Right edges that pass their box's right edge: the part of each cell that would be cut off. */
const overflowingCells = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.history-row')].flatMap((row) => {
      const right = row.getBoundingClientRect().right;
      return [...row.children]
        .filter((cell) => cell.getBoundingClientRect().right > right + 0.5)
        .map((cell) => cell.textContent);
    })
  );

it.each(SIZES)('the History list keeps every column inside its rows (%s, %ix%i)', async (scheme, width, height) => {
  const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  await page.goto(session.app.url);
  await page.getByRole('button', { name: 'History' }).waitFor();
  // An exchange as the host records it when it sends one.
  const entry = {
    id: `narrow-${scheme}-${width}`,
    profileId: 'mock',
    flow: 'oauth2',
    leg: 'api',
    outcome: 'failed',
    summary:
      'HTTP 401, the provider says: invalid_token: The access token expired. The token has passed expires_in: refresh it, or authorize again.',
    at: Date.now(),
    exchange: {
      request: { method: 'GET', url: 'http://127.0.0.1:4010/api/v2/me/with/a/longer/path?and=query', headers: [] },
      response: { status: 401, statusText: 'Unauthorized', headers: [], bodyText: '', bodySize: 0 },
      timings: { connect: 0.4, tls: null, firstByte: 2, total: 4 },
      startedAt: Date.now(),
    },
  } as const;
  expect(session.app.store.historyAdd({ entry })).toEqual(entry);
  await openPage(page, 'History');
  const list = page.getByRole('listbox', { name: 'Exchanges, newest first' });
  await list.getByRole('option').first().waitFor();
  expect(await overflowingCells(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  // Status and outcome are in view before any sideways scroll; the request and summary may run on past the card.
  const outcomeInView = await list.evaluate((el) => {
    const outcome = el.querySelector('.history-row .outcome')!.getBoundingClientRect();
    return outcome.right <= el.getBoundingClientRect().right;
  });
  expect(outcomeInView).toBe(true);
  // The Summary column is reached by scrolling the list itself.
  const summary = page.locator('.history-header').getByText('Summary');
  await summary.scrollIntoViewIfNeeded();
  expect(await summary.isVisible()).toBe(true);
  await shot(page, `history-list-${width}`, scheme);
  await page.close();
});

it.each(SIZES)('the Extra headers box spans the profile form (%s, %ix%i)', async (scheme, width, height) => {
  const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  await page.goto(session.app.url);
  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  const box = form.getByLabel('Extra headers', { exact: true });
  await box.waitFor();
  const widths = await box.evaluate((el) => ({
    box: el.getBoundingClientRect().width,
    grid: el.closest('.field-grid')!.getBoundingClientRect().width,
  }));
  // What the screen shows around the box (a full-page shot would draw the sticky Save bar over it).
  await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, `${SCREENSHOTS}/profiles-extra-headers-${width}-${scheme}.png`);
  expect(widths.box).toBeGreaterThan(widths.grid - 2);
  expect(await scrollsSideways(page)).toBe(false);
  await page.close();
});

it.each(SIZES)(
  'the sidebar keeps its pages and notes on its panel, scrolling when they are taller (%s, %ix%i)',
  async (scheme, width, height) => {
    const page = await session.browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    await page.goto(session.app.url);
    await page.getByRole('button', { name: 'History' }).waitFor();
    const drawn = await page.locator('.sidebar').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(el).overflowY);
      const last = el.lastElementChild!.getBoundingClientRect();
      return { fits: last.bottom <= box.bottom + 0.5, scrolls };
    });
    expect(drawn.fits || drawn.scrolls).toBe(true);
    await page.close();
  }
);
