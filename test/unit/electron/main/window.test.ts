import { describe, expect, it } from 'vitest';
import { denyPermissions, harden, loginNavigation } from '../../../../electron/main/harden';
import { DEFAULT_BOUNDS, loginWindowOptions, mainWindowOptions, restoreBounds } from '../../../../electron/main/window';

describe('window options', () => {
  it('keeps the app window sandboxed and isolated, with the bridge preload only', () => {
    const o = mainWindowOptions(DEFAULT_BOUNDS, '/app/out/preload/index.cjs');
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
    expect(o).toMatchObject({ width: 1280, height: 800, show: false });
  });

  it('gives the login window its own non-persistent session and no preload', () => {
    const o = loginWindowOptions('mock-login-1');
    expect(o.webPreferences).toMatchObject({
      partition: 'mock-login-1',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(o.webPreferences).not.toHaveProperty('preload');
    expect(() => loginWindowOptions('persist:login')).toThrow(/non-persistent/);
  });

  it('restores a saved size and position that still fits a display, the default otherwise', () => {
    const display = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(restoreBounds({ x: 10, y: 20, width: 1400, height: 900 }, display)).toEqual({
      x: 10,
      y: 20,
      width: 1400,
      height: 900,
    });
    expect(restoreBounds({ x: 5000, y: 20, width: 1400, height: 900 }, display)).toEqual({ width: 1400, height: 900 });
    expect(restoreBounds({ width: 100, height: 900 }, display)).toEqual(DEFAULT_BOUNDS);
    expect(restoreBounds('garbage', display)).toEqual(DEFAULT_BOUNDS);
    expect(restoreBounds(null, display)).toEqual(DEFAULT_BOUNDS);
  });
});

describe('hardening', () => {
  function fakeContents() {
    const on = new Map<string, (e: { preventDefault(): void }, url: string) => void>();
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    return {
      contents: {
        setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
        on: (e: string, l: never) => void on.set(e, l),
      },
      open: (url: string) => openHandler!({ url }),
      /** Emits a navigation event as Electron does (will-frame-navigate: one details object); true if prevented. */
      navigate: (event: string, url: string) => {
        let prevented = false;
        on.get(event)!({ url, preventDefault: () => void (prevented = true) } as never, url);
        return prevented;
      },
    };
  }

  it('denies new windows, webviews and navigation away from what is allowed', () => {
    const f = fakeContents();
    harden(f.contents as never, (url) => url.startsWith('file:///app/'));
    expect(f.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(f.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(f.navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(f.navigate('will-navigate', 'file:///app/out/renderer/index.html')).toBe(false);
    expect(f.navigate('will-attach-webview', '')).toBe(true);
  });

  it('checks the navigation of every frame (will-frame-navigate), with the same rule', () => {
    const f = fakeContents();
    harden(f.contents as never, (url) => url.startsWith('file:///app/'));
    expect(f.navigate('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(f.navigate('will-frame-navigate', 'file:///app/out/renderer/index.html')).toBe(false);
  });

  it("lets the login window stay on the provider's origin and reach a listening catcher's exact redirect URI only", () => {
    let listening = ['http://127.0.0.1:8765/callback'];
    const may = loginNavigation('http://127.0.0.1:4000/oauth/v2/authorize?client_id=a', () => listening);
    expect(may('http://127.0.0.1:4000/oauth/v1/authorize?x')).toBe(true);
    expect(may('http://127.0.0.1:4000/login')).toBe(true);
    expect(may('http://127.0.0.1:8765/callback?oauth_token=a&oauth_verifier=b')).toBe(true);
    expect(may('http://127.0.0.1:8765/callback')).toBe(true);
    // Another loopback port (another local program's listener), another path of the catcher's port, another name.
    expect(may('http://127.0.0.1:9999/callback?code=a')).toBe(false);
    expect(may('http://localhost:8765/callback?code=a')).toBe(false);
    expect(may('http://[::1]:8765/callback?code=a')).toBe(false);
    expect(may('http://127.0.0.1:8765/callback/more?code=a')).toBe(false);
    expect(may('http://127.0.0.1:8765/?code=a')).toBe(false);
    expect(may('https://127.0.0.1:4000/login')).toBe(false);
    expect(may('https://evil.example/')).toBe(false);
    expect(may('http://127.0.0.1.evil.example/')).toBe(false);
    expect(may('javascript:alert(1)')).toBe(false);
    expect(may('not a url')).toBe(false);
    // Read at each navigation: once the catcher has closed, its redirect URI is refused too.
    listening = [];
    expect(may('http://127.0.0.1:8765/callback?oauth_token=a')).toBe(false);
  });

  it('refuses every permission request and check', () => {
    let request: ((c: unknown, p: string, cb: (g: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyPermissions({
      setPermissionRequestHandler: (h) => void (request = h),
      setPermissionCheckHandler: (h) => void (check = h),
    });
    let granted: boolean | undefined;
    request!({}, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(check!()).toBe(false);
  });
});
