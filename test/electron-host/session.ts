import { EventEmitter } from 'node:events';
import type { Browser, BrowserContext, Frame, Page, Route } from 'playwright-core';

/**
 * Electron's `session`, each one a Chromium browser context of its own (a partition without `persist:` is an
 * in-memory profile, as a Playwright context is). Its protocol handlers, permission handlers and the page-to-main
 * bindings of the stand-in live here.
 *
 * A custom scheme cannot be loaded by Chromium outside Electron, so `scheme://host/path` is served at
 * `http://host.scheme.localhost/path` (a secure context too) through the handler the app registered with
 * protocol.handle, and translated back wherever the app sees a URL. The page, its CSP header and its assets are
 * what the app's handler answers.
 */
export type ProtocolHandler = (request: Request) => Promise<Response>;
export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string }
) => void;

export interface Frames {
  /** The stand-in webContents of a page, when it belongs to a BrowserWindow. */
  webContentsOf(page: Page | null): StandInWebContents | null;
  /** The webContents of the windows in a session. */
  contentsIn(session: StandInSession): StandInWebContents[];
}
export interface StandInWebContents extends EventEmitter {
  readonly id: number;
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null;
  /** The URL loadURL is loading: its own navigation is not a renderer-initiated one. */
  pendingLoad: string | null;
}

const MAPPED = /^http:\/\/([a-z0-9-]+)\.([a-z][a-z0-9+.-]*)\.localhost(?=[/:?#]|$)/;
export const toChromiumUrl = (url: string): string =>
  url.replace(/^([a-z][a-z0-9+.-]*):\/\/([a-z0-9-]+)(?=[/?#]|$)/, (whole, scheme: string, host: string) =>
    scheme === 'http' || scheme === 'https' || scheme === 'file' ? whole : `http://${host}.${scheme}.localhost`
  );
export const toAppUrl = (url: string): string =>
  url.replace(MAPPED, (_whole, host: string, scheme: string) => `${scheme}://${host}`);

export class StandInSession {
  readonly protocolHandlers = new Map<string, ProtocolHandler>();
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  readonly protocol = {
    handle: (scheme: string, handler: ProtocolHandler) => void this.protocolHandlers.set(scheme, handler),
  };
  private context: Promise<BrowserContext> | null = null;

  constructor(
    readonly partition: string,
    private readonly browser: () => Browser,
    private readonly frames: Frames,
    private readonly ipc: (
      frame: Frame,
      sender: StandInWebContents | null,
      channel: string,
      args: unknown[]
    ) => Promise<unknown>
  ) {}

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: ((...args: unknown[]) => boolean) | null): void {
    this.permissionCheckHandler = handler;
  }

  /** Electron with no request handler grants the request; with one, the handler decides. */
  requestPermission(webContents: unknown, permission: string, requestingUrl: string): Promise<boolean> {
    const handler = this.permissionRequestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler(webContents, permission, resolve, { requestingUrl }));
  }

  browserContext(): Promise<BrowserContext> {
    this.context ??= this.createContext();
    return this.context;
  }

  private async createContext(): Promise<BrowserContext> {
    const context = await this.browser().newContext({ viewport: { width: 1280, height: 800 } });
    await context.exposeBinding('__electronIpc', ({ frame, page }, channel: string, args: unknown[]) =>
      this.ipc(frame, this.frames.webContentsOf(page), channel, args)
    );
    await context.exposeBinding('__electronPermission', ({ page, frame }, permission: string) =>
      this.requestPermission(this.frames.webContentsOf(page), permission, toAppUrl(frame.url()))
    );
    // Permission requests reach the session's handler, as Electron routes them (notifications and media here).
    await context.addInitScript(() => {
      const ask = (permission: string) =>
        (window as unknown as { __electronPermission(p: string): Promise<boolean> }).__electronPermission(permission);
      if (globalThis.Notification)
        Notification.requestPermission = async () => ((await ask('notifications')) ? 'granted' : 'denied');
      if (navigator.mediaDevices) {
        navigator.mediaDevices.getUserMedia = async () => {
          if (!(await ask('media'))) throw new DOMException('Permission denied', 'NotAllowedError');
          throw new DOMException('The test host has no camera or microphone', 'NotFoundError');
        };
      }
    });
    await context.route('**/*', (route) => this.route(route));
    // A window.open() page: Electron asks the opener's window open handler before making it; close it if denied.
    context.on('page', async (page) => {
      const opener = this.frames.webContentsOf(await page.opener());
      if (opener && !this.allowsOpen(opener, toAppUrl(page.url()))) await page.close();
    });
    return context;
  }

  private allowsOpen(opener: StandInWebContents, url: string): boolean {
    return !opener.windowOpenHandler || opener.windowOpenHandler({ url }).action === 'allow';
  }

  private async route(route: Route): Promise<void> {
    const request = route.request();
    let page: Page;
    try {
      page = request.frame().page();
    } catch {
      // A window.open()'s first request comes before its frame: the open handlers of this session's windows decide.
      if (!this.frames.contentsIn(this).every((opener) => this.allowsOpen(opener, toAppUrl(request.url()))))
        return route.abort('aborted');
      return route.continue();
    }
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = toAppUrl(request.url());
      const contents = this.frames.webContentsOf(page);
      if (contents && contents.pendingLoad === url && !request.redirectedFrom()) contents.pendingLoad = null;
      else if (contents) {
        // Renderer-initiated navigation or a redirect: the app's will-navigate / will-redirect listeners decide.
        let prevented = false;
        contents.emit(
          request.redirectedFrom() ? 'will-redirect' : 'will-navigate',
          { url, preventDefault: () => void (prevented = true) },
          url
        );
        if (prevented) return route.abort('aborted');
      } else {
        // A page no BrowserWindow owns: a window.open(). The opener's window open handler decides.
        const opener = this.frames.webContentsOf(await page.opener());
        if (opener && !this.allowsOpen(opener, url)) {
          await route.abort('aborted');
          return void page.close();
        }
      }
    }
    const mapped = MAPPED.exec(request.url());
    const handler = mapped ? this.protocolHandlers.get(mapped[2]!) : undefined;
    if (mapped && !handler) return route.abort('addressunreachable');
    if (!handler) return route.continue();
    const response = await handler(
      new Request(toAppUrl(request.url()), { method: request.method(), headers: request.headers() })
    );
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  }
}
