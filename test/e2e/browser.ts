import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium (apt-get install chromium), headless, with no background traffic. playwright-core gives every
 * launch a fresh, temporary profile (it refuses a --user-data-dir argument for that reason).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * A screenshot for a person to look at, written into the git-ignored folder. With OAUTH_LAB_SCREENSHOTS=off none is
 * taken (`.ci/run`: nobody looks at a CI run's files); a screenshot checks nothing, and taking them was a tenth of
 * the e2e run's time.
 */
export function screenshot(target: Page | Locator, path: string, options: { fullPage?: true } = {}): Promise<unknown> {
  if (process.env.OAUTH_LAB_SCREENSHOTS === 'off') return Promise.resolve();
  return options.fullPage ? (target as Page).screenshot({ path, fullPage: true }) : target.screenshot({ path });
}
