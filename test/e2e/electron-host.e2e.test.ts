import type { EventEmitter } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_CHANNEL, READY_CHANNEL } from '../../shared/bridge/channels';
import { startElectronHost, type ElectronHost } from '../electron-host/host';
import { saveProfileWithSecret } from '../electron-host/profiles';
import type { StandInBrowserWindow } from '../electron-host/window';

/**
 * The built desktop app (out/main, out/preload, out/renderer, unchanged) on the Electron stand-in in Chromium
 * (test/electron-host/): it starts, runs both flows against the built-in mock with the mock's login in a window of
 * its own, its page holds its CSP, and it keeps a profile's secrets encrypted; its security handlers are registered
 * on every window and session and decide as they should when called.
 */
let host: ElectronHost;
let page: Page;
const errors: string[] = [];
/** The mock's login windows the flows opened, for the handlers the app registered on them. */
const loginWindows: StandInBrowserWindow[] = [];

beforeAll(async () => {
  host = await startElectronHost({ encryption: true });
  page = await host.mainPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 60_000);
afterAll(async () => host?.close());

const send = () => page.getByRole('button', { name: 'Send', exact: true }).click();

/** The mock's login page in the window the app opens for it: its own session, no preload; it closes itself after. */
async function logInThroughAppWindow(): Promise<void> {
  const next = host.nextWindow();
  await page.getByRole('button', { name: 'Open in app window' }).click();
  const login = await next;
  loginWindows.push(login.window);
  expect(login.page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/v[12]\/authorize\?/);
  expect(login.window.webContents.session).not.toBe(host.standIn.electron.session.defaultSession);
  expect(login.window.webContents.session.partition).toMatch(/^mock-login-\d+$/);
  expect(await login.page.evaluate(() => 'oauthLab' in window)).toBe(false);
  await login.page.getByLabel('Username').fill('demo');
  await login.page.getByLabel('Password').fill('demo');
  await login.page.getByRole('button', { name: 'Log in and approve' }).click();
  await expect.poll(() => login.window.isDestroyed(), { timeout: 10_000 }).toBe(true);
}

describe('the desktop app', () => {
  it('starts: the app page from app://oauth-lab under its CSP, the preload API, a bridge call, the mock running', async () => {
    expect(host.standIn.electron.app.lockRequested).toBe(true);
    expect(host.standIn.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    ]);
    const [main] = host.standIn.windows;
    expect(main!.isVisible()).toBe(true);
    expect(page.url()).toBe('http://oauth-lab.app.localhost/index.html');
    await expect.poll(() => page.getByText(/Mock at http:\/\/127\.0\.0\.1:\d+/).count()).toBe(1);
    expect(
      await page.evaluate(() =>
        Object.keys((window as unknown as { oauthLab: object }).oauthLab).includes('mockStatus')
      )
    ).toBe(true);
    const status = await page.evaluate(() =>
      (window as unknown as { oauthLab: { mockStatus(): Promise<unknown> } }).oauthLab.mockStatus()
    );
    expect(status).toMatchObject({
      ok: true,
      value: {
        running: true,
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        // The mutual-TLS port beside it (RFC 8705), its CA kept in the app's own directory.
        mtlsBaseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
      },
    });
    expect(statSync(join(host.userData, 'mock-ca', 'ca.pem')).isFile()).toBe(true);
    await page.getByText(/^mutual TLS at https:\/\/127\.0\.0\.1:\d+$/).waitFor();
    // The page's policy holds: an inline script does not run.
    expect(
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
        return (window as unknown as { inlineRan?: boolean }).inlineRan ?? false;
      })
    ).toBe(false);
    expect(errors).toEqual([]);
  });

  it('runs the OAuth 1.0a flow against the built-in mock, its login in a window and session of its own', async () => {
    await page.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
    await send();
    await page.getByText(/Request token .* received\./).waitFor();
    await page.getByRole('button', { name: 'Continue: Authorize →' }).click();
    await logInThroughAppWindow();
    await page.getByText('Authorized; the verifier is ready for step three.').waitFor();
    await page.getByRole('button', { name: 'Continue: Access token →' }).click();
    await send();
    await page.getByText(/Access token .* received; it does not expire/).waitFor();
    await page.getByRole('button', { name: 'Continue: API request →' }).click();
    await send();
    await page.getByText('API call answered 200.').waitFor();
    expect(errors).toEqual([]);
  });

  it('runs the OAuth 2 flow with PKCE against the built-in mock', async () => {
    await page.getByRole('button', { name: 'OAuth 2' }).click();
    await page.getByRole('button', { name: 'Start the OAuth 2 flow' }).click();
    await page.getByText(/code_challenge \(S256\)/).waitFor();
    await logInThroughAppWindow();
    await page.getByText('Authorization code received.').waitFor();
    await page.getByRole('button', { name: 'Continue: Token exchange →' }).click();
    await send();
    await page.getByText(/^Access token received, valid for \d+ s\.$/).waitFor();
    await page.getByRole('button', { name: 'Continue: API request →' }).click();
    await send();
    await page.getByText('API call answered 200.').waitFor();
    expect(errors).toEqual([]);
  });

  it("keeps a saved profile's secrets encrypted in store.json (safeStorage) and reads them back", async () => {
    const secret = 'consumer-secret-kept-in-the-keychain';
    const saved = await saveProfileWithSecret(page, secret);
    expect(saved[0], JSON.stringify(saved[0])).toMatchObject({ ok: true });
    expect(saved[1]!.value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'real-server', oauth1: expect.objectContaining({ consumerSecret: secret }) }),
      ])
    );
    const file = readFileSync(join(host.userData, 'store.json'), 'utf8');
    expect(file).toContain('real-server');
    expect(file).not.toContain(secret);
    expect(file).toContain('"$enc"');
    expect(saved[2].value).toMatchObject({ secretStorage: 'encrypted' });
    // Sealed through safeStorage's asynchronous API only (the stand-in offers no other): the keychain seals the
    // data key, in a 0600 file beside store.json.
    expect(statSync(join(host.userData, 'secret-key.sealed')).mode & 0o777).toBe(0o600);
  });
});

/**
 * The security handlers the built main process registers, called directly with Electron-shaped arguments. This
 * proves they are registered on every window and session and what they decide; it does not prove when a real
 * Electron calls them (the stand-in routes no navigation, window.open, permission request or foreign IPC to them).
 */
describe("the main process's security handlers (registered and called here)", () => {
  const elsewhere = 'http://127.0.0.1:9/elsewhere';
  /** Every listener the app registered for `event`, called as Electron would; whether any prevented it. */
  const prevented = (contents: EventEmitter, event: string, url: string) => {
    let stopped = false;
    const details = { url, preventDefault: () => void (stopped = true) };
    for (const listener of contents.listeners(event)) (listener as (e: unknown, url: string) => void)(details, url);
    return stopped;
  };

  it("registers the call and ready IPC handlers, which serve the app window's main frame showing the app page, nothing else", async () => {
    expect([...host.standIn.handlers.keys()].sort()).toEqual([CALL_CHANNEL, READY_CHANNEL].sort());
    const handler = host.standIn.handlers.get(CALL_CHANNEL)!;
    const [main] = host.standIn.windows;
    const appFrame = { url: 'app://oauth-lab/index.html', parent: null };
    const call = (sender: number, senderFrame: { url: string; parent: unknown }) =>
      handler({ sender: { id: sender }, senderFrame }, 'appInfo', {});
    expect(await call(main!.webContents.id, appFrame)).toMatchObject({ ok: true });
    const refused: [string, number, { url: string; parent: unknown }][] = [
      ['a subframe of the app window', main!.webContents.id, { ...appFrame, parent: {} }],
      ['a login window', loginWindows[0]!.webContents.id, appFrame],
      ['the app window showing another page', main!.webContents.id, { url: elsewhere, parent: null }],
    ];
    for (const [what, sender, frame] of refused)
      expect(await call(sender, frame), what).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it("takes the ready signal from the app page only: a login window's does not take its events", async () => {
    type Seen = { oauthLab: { on(e: string, l: (p: unknown) => void): void }; seenMockEvents?: unknown[] };
    await page.evaluate(() => {
      const w = window as unknown as Seen;
      w.seenMockEvents = [];
      w.oauthLab.on('mockEvent', (p) => w.seenMockEvents!.push(p));
    });
    const ready = host.standIn.handlers.get(READY_CHANNEL)!;
    await ready({
      sender: { id: loginWindows[0]!.webContents.id },
      senderFrame: { url: 'app://oauth-lab/index.html', parent: null },
    });
    const status = await page.evaluate(() =>
      (
        window as unknown as { oauthLab: { mockStatus(): Promise<{ value: { baseUrl: string } }> } }
      ).oauthLab.mockStatus()
    );
    await fetch(`${status.value.baseUrl}/.well-known/openid-configuration`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Seen).seenMockEvents!.length), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  it('hardens the app window: window.open denied, leaving the app page prevented in every navigation event, no webviews', () => {
    const [main] = host.standIn.windows;
    const contents = main!.webContents;
    expect(contents.windowOpenHandler?.({ url: elsewhere })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(prevented(contents, event, elsewhere), event).toBe(true);
      expect(prevented(contents, event, 'app://oauth-lab/index.html'), event).toBe(false);
    }
    expect(prevented(contents, 'will-attach-webview', '')).toBe(true);
  });

  it("hardens each login window: the mock's origin only, not another loopback port, no window.open", async () => {
    expect(loginWindows).toHaveLength(2);
    const status = await page.evaluate(() =>
      (
        window as unknown as { oauthLab: { mockStatus(): Promise<{ value: { baseUrl: string } }> } }
      ).oauthLab.mockStatus()
    );
    const mock = status.value.baseUrl;
    for (const login of loginWindows) {
      const contents = login.webContents;
      expect(contents.windowOpenHandler?.({ url: `${mock}/login` })).toEqual({ action: 'deny' });
      for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
        expect(prevented(contents, event, `${mock}/oauth/v2/authorize?client_id=x`), event).toBe(false);
        expect(prevented(contents, event, `${elsewhere}?code=stolen`), event).toBe(true);
        expect(prevented(contents, event, 'https://evil.example/'), event).toBe(true);
      }
    }
  });

  it("sets permission handlers that refuse, in every session, the login windows' too", () => {
    const partitions = [...host.standIn.sessions.keys()];
    expect(partitions).toEqual(expect.arrayContaining(['', 'mock-login-1', 'mock-login-2']));
    for (const session of host.standIn.sessions.values()) {
      let granted: boolean | undefined;
      session.permissionRequestHandler?.(null, 'notifications', (g) => (granted = g), { requestingUrl: elsewhere });
      expect(granted, `session "${session.partition}"`).toBe(false);
      expect(session.permissionCheckHandler?.(), `session "${session.partition}"`).toBe(false);
    }
  });
});

describe('lifecycle', () => {
  it('focuses its window when a second instance is launched', () => {
    const [main] = host.standIn.windows;
    const before = main!.focusRequests;
    host.standIn.electron.app.emit('second-instance', {}, ['oauth-lab'], '/');
    expect(main!.focusRequests).toBe(before + 1);
    expect(host.standIn.windows.size).toBe(1);
  });

  it('saves the window bounds and quits when the window closes', async () => {
    const [main] = host.standIn.windows;
    const quit = new Promise((resolve) => host.standIn.electron.app.once('quit', resolve));
    main!.close();
    await quit;
    expect(host.standIn.windows.size).toBe(0);
    expect(JSON.parse(readFileSync(join(host.userData, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 0, y: 0, width: 1280, height: 800 },
    });
  });
});
