import { chromium, type Browser } from 'playwright-core';

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
