import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSession } from './session';

/**
 * The window scrolls, not each page, so its offset would carry from one page to the next (a page opening 900 px
 * down, in the middle of a response): each page opens at its top the first time, and where it was left after.
 */
const session = e2eSession();

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name });

it('each page opens at its top, and where it was left on coming back', async () => {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(session.app.url);
  await nav(page, 'Profiles').click();
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByRole('form', { name: 'New profile' }).waitFor();
  // The new profile's form is long enough to be 900 px down in.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1800);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBe(900);

  await nav(page, 'Request signer').click();
  await page.getByRole('heading', { name: 'Request signer' }).waitFor();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect.poll(() => scrollY(page)).toBe(120);

  await nav(page, 'Profiles').click();
  await page.getByRole('form', { name: 'New profile' }).waitFor();
  await expect.poll(() => scrollY(page)).toBe(900);
  await nav(page, 'Request signer').click();
  await expect.poll(() => scrollY(page)).toBe(120);
  await nav(page, 'OAuth 1.0a').click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.close();
});
