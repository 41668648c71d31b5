/** The parts of Electron's webContents and session that hardening touches, so tests can pass fakes. */
export interface WebContentsEvents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url?: string }, url: string) => void
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}
export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/**
 * Electron's security checklist for a window: no new windows, no navigation away from what `mayNavigate` allows,
 * no webviews, and every permission (camera, notifications, …) refused: a developer tool needs none.
 */
export function harden(contents: WebContentsEvents, mayNavigate: (url: string) => boolean): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!mayNavigate(url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function denyPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The mock login window may stay on the mock and follow its redirect to the loopback catcher, nothing else. */
export function loginNavigation(mockBaseUrl: string): (url: string) => boolean {
  return (url) => url.startsWith(`${mockBaseUrl}/`) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url);
}
