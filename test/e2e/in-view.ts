import type { Locator, Page } from 'playwright-core';

/** Whether the element is wholly inside the window as it is scrolled now (Playwright's click would scroll to it). */
export async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return (
    !!box &&
    !!viewport &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** Whether the page scrolls sideways (wider content than the window). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
