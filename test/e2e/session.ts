import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startApp } from './app';
import { launchChromium, SCREENSHOTS, screenshot } from './browser';

type App = Awaited<ReturnType<typeof startApp>>;

/**
 * Registers a test file's hooks: Debian's Chromium once, and the app in browser mode once for the file, or fresh
 * for each test (`appPerTest`) when a test changes what the next one relies on (the mock's clock, say).
 */
export function e2eSession({ appPerTest = false } = {}): { readonly app: App; readonly browser: Browser } {
  let app: App | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    if (!appPerTest) app = await startApp();
  });
  if (appPerTest) {
    beforeEach(async () => void (app = await startApp()));
    afterEach(async () => app?.close());
  }
  afterAll(async () => {
    await browser?.close();
    if (!appPerTest) await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('The app has not started: use it inside a test or a later hook.');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started: use it inside a test or a later hook.');
      return browser;
    },
  };
}

/** A full-page screenshot into the git-ignored folder, named `<name>-<scheme>.png`. */
export const shot = (page: Page, name: string, scheme: string) =>
  screenshot(page, `${SCREENSHOTS}/${name}-${scheme}.png`, { fullPage: true });
