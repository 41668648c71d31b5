import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_CHANNEL } from '../../shared/bridge/channels';
import { startElectronHost, type ElectronHost } from '../electron-host/host';
import { saveProfileWithSecret } from '../electron-host/profiles';

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

const send = () => page.getByRole('button', { name: 'Send', exact: true }).click();

/** The mock's login page in the window the app opens for it: its own session, no preload; it closes itself after. */
async function logInThroughAppWindow(): Promise<void> {
  const next = host.nextWindow();
  await page.getByRole('button', { name: 'Open in app window' }).click();
  const login = await next;
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
      value: { running: true, baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
    });
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
  });
});

describe('security', () => {
  let server: Server;
  let target = '';
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => (hits.push(req.url ?? ''), res.end('<p>elsewhere</p>'))).listen(0, '127.0.0.1');
    await once(server, 'listening');
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('denies navigation away from the app page and window.open', async () => {
    const appUrl = page.url();
    await page.evaluate((url) => void (location.href = `${url}/navigated`), target);
    await page.evaluate((url) => void window.open(`${url}/popup`), target);
    await page.getByRole('button', { name: 'Profiles' }).click();
    await page.getByRole('button', { name: 'OAuth 1.0a' }).click();
    expect(page.url()).toBe(appUrl);
    expect(hits).toEqual([]);
    expect(host.standIn.windows.size).toBe(1);
    await expect.poll(() => page.context().pages().length).toBe(1);
  });

  it('refuses IPC from a subframe and from a page that is not the app window', async () => {
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'sub';
      document.body.append(frame);
    });
    const sub = page.frame({ name: 'sub' })!;
    const fromFrame = await sub.evaluate(
      (channel) =>
        (window as unknown as { __electronIpc(c: string, a: unknown[]): Promise<unknown> }).__electronIpc(channel, [
          'appInfo',
          {},
        ]),
      CALL_CHANNEL
    );
    expect(fromFrame).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const other = await page.context().newPage();
    await other.goto(page.url());
    const fromOther = await other.evaluate(
      (channel) =>
        (window as unknown as { __electronIpc(c: string, a: unknown[]): Promise<unknown> }).__electronIpc(channel, [
          'appInfo',
          {},
        ]),
      CALL_CHANNEL
    );
    expect(fromOther).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await other.close();
    // The app window's own main frame is served.
    expect(
      await page.evaluate(
        (channel) =>
          (window as unknown as { __electronIpc(c: string, a: unknown[]): Promise<unknown> }).__electronIpc(channel, [
            'appInfo',
            {},
          ]),
        CALL_CHANNEL
      )
    ).toMatchObject({ ok: true });
  });

  it("refuses permission requests in every session, the login windows' too", async () => {
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
    expect(
      await page.evaluate(() =>
        navigator.mediaDevices.getUserMedia({ video: true }).then(
          () => 'granted',
          (e: Error) => e.name
        )
      )
    ).toBe('NotAllowedError');
    const partitions = [...host.standIn.sessions.keys()];
    expect(partitions).toEqual(expect.arrayContaining(['', 'mock-login-1', 'mock-login-2']));
    for (const session of host.standIn.sessions.values()) {
      expect(await session.requestPermission(null, 'notifications', target), `session "${session.partition}"`).toBe(
        false
      );
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
