import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens one of the app's pages from the sidebar and waits until it is shown: its button marked current and its code
 * loaded (the pages from OpenID Connect on are loaded when first opened, behind "Loading…"). A click on the page's
 * own controls needs that; Playwright's 30 s for that click counted the page's loading too, which a busy machine can
 * take. Bounded by the test's own timeout only; a page that could not be shown fails with its message.
 */
export async function openPage(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: title, exact: true }).click();
  const current = page.getByRole('navigation', { name: 'Pages' }).locator('button[aria-current="page"]');
  const main = page.getByRole('main');
  const shown = async () => {
    const failed = main.getByRole('alert').filter({ hasText: 'could not be shown' });
    if ((await failed.count()) > 0) return await failed.first().innerText();
    if ((await current.innerText()) !== title) return `the current page is ${await current.innerText()}`;
    return (await main.getByText('Loading…', { exact: true }).count()) > 0 ? 'loading' : 'shown';
  };
  await expect.poll(shown, { timeout: 120_000 }).toBe('shown');
}
