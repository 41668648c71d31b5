import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startElectronHost, type ElectronHost } from '../electron-host/host';

/**
 * The built desktop app (out/main, out/preload, out/renderer, unchanged) on the Electron stand-in in Chromium
 * (test/electron-host/): it starts, runs both flows against the built-in mock with the mock's login in a window of
 * its own, keeps a profile's secrets encrypted, and holds its security properties.
 */
let host: ElectronHost;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  host = await startElectronHost({ encryption: true });
  page = await host.mainPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 60_000);
afterAll(async () => host?.close());

describe('the desktop app', () => {
  it('starts: the app page from app://oauth-lab under its CSP, the preload API, a bridge call, the mock running', async () => {
    expect(host.standIn.electron.app.lockRequested).toBe(true);
    expect(host.standIn.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
    const [main] = host.standIn.windows;
    expect(main!.isVisible()).toBe(true);
    expect(page.url()).toBe('http://oauth-lab.app.localhost/index.html');
    await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
    expect(await page.evaluate(() => Object.keys((window as unknown as { oauthLab: object }).oauthLab).includes('mockStatus'))).toBe(true);
    const status = await page.evaluate(() => (window as unknown as { oauthLab: { mockStatus(): Promise<unknown> } }).oauthLab.mockStatus());
    expect(status).toMatchObject({ ok: true, value: { running: true, baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) } });
    // The page's policy holds: an inline script does not run.
    expect(await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan ?? false;
    })).toBe(false);
    expect(errors).toEqual([]);
  });
});
