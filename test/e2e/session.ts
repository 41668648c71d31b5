import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startApp } from './app';
import { launchChromium, SCREENSHOTS, screenshot } from './browser';

type App = Awaited<ReturnType<typeof startApp>>;

/**
 * One Chromium per worker process, for the files it runs one after another (they share a module graph): a page
 * opened with browser.newPage has a browser context of its own (cookies, storage), and a file's contexts are closed
 * when it ends. Playwright closes the browser when the worker exits. A launch per file was ~5% of the run's CPU.
 */
let workerChromium: Promise<Browser> | null = null;
/**
 * How long one wait of a page may take (a click, a locator, a popup): under the test's own timeout (60 s), so a wait
 * that never ends fails naming what it waited for rather than as the test's timeout.
 */
const PAGE_WAIT_MS = 50_000;
function sharedChromium(): Promise<Browser> {
  if (!workerChromium) {
    const launched = launchChromium().then((browser) => {
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => {
        const page = await newPage(...args);
        page.context().setDefaultTimeout(PAGE_WAIT_MS);
        return page;
      };
      return browser;
    });
    workerChromium = launched;
    void launched.then((b) => b.on('disconnected', () => (workerChromium = null))).catch(() => (workerChromium = null));
  }
  return workerChromium;
}

/**
 * Registers a test file's hooks: the worker's Chromium, and the app in browser mode once for the file, or fresh
 * for each test (`appPerTest`) when a test changes what the next one relies on (the mock's clock, say).
 */
export function e2eSession({ appPerTest = false } = {}): { readonly app: App; readonly browser: Browser } {
  let app: App | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedChromium();
    if (!appPerTest) app = await startApp();
  });
  if (appPerTest) {
    beforeEach(async () => void (app = await startApp()));
    afterEach(async () => app?.close());
  }
  afterAll(async () => {
    for (const context of browser?.contexts() ?? []) await context.close();
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
