/** The parts of Electron's webContents and session that hardening touches, so tests can pass fakes. */
export interface WebContentsEvents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url?: string }, url: string) => void
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'will-frame-navigate', listener: (details: { url: string; preventDefault(): void }) => void): unknown;
}
export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/**
 * Electron's security checklist for a window: no new windows, no navigation away from what `mayNavigate` allows,
 * no webviews, and every permission (camera, notifications, …) refused: a developer tool needs none. Navigation is
 * checked for the main frame (will-navigate), for every frame (will-frame-navigate: a subframe's navigation fires
 * no will-navigate), and for every redirect on the way (will-redirect).
 */
export function harden(contents: WebContentsEvents, mayNavigate: (url: string) => boolean): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!mayNavigate(url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-frame-navigate', (details) => guard(details, details.url));
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function denyPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * The mock login window may stay on the provider's origin and go to a redirect URI a catcher is listening on now,
 * nothing else: not any other loopback port (another local program's), not another path of the catcher's port.
 * The redirect URI is compared exactly, the query aside, since the provider adds its response there (RFC 6749
 * §3.1.2, RFC 8252 §7.3). `redirectUris` is read at each navigation: the catcher is opened before the login.
 */
export function loginNavigation(providerUrl: string, redirectUris: () => readonly string[]): (url: string) => boolean {
  const provider = new URL(providerUrl).origin;
  return (url) => {
    if (!URL.canParse(url)) return false;
    const target = new URL(url);
    if (target.origin === provider) return true;
    return redirectUris().some((uri) => {
      const redirect = new URL(uri);
      return target.origin === redirect.origin && target.pathname === redirect.pathname;
    });
  };
}
