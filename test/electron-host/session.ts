import { EventEmitter } from 'node:events';
import type { Browser, BrowserContext, Frame, Page, Route } from 'playwright-core';

/**
 * Electron's `session`, each one a Chromium browser context of its own (a partition without `persist:` is an
 * in-memory profile, as a Playwright context is). Its protocol handlers and the page-to-main binding (IPC) live
 * here. The permission handlers the app sets are kept for the tests to call; the stand-in routes no permission
 * request, navigation or window.open to them: how Electron does that is Electron's, and is not imitated here.
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
}
export interface StandInWebContents extends EventEmitter {
  readonly id: number;
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null;
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

  browserContext(): Promise<BrowserContext> {
    this.context ??= this.createContext();
    return this.context;
  }

  private async createContext(): Promise<BrowserContext> {
    const context = await this.browser().newContext({ viewport: { width: 1280, height: 800 } });
    await context.exposeBinding('__electronIpc', ({ frame, page }, channel: string, args: unknown[]) =>
      this.ipc(frame, this.frames.webContentsOf(page), channel, args)
    );
    await context.route('**/*', (route) => this.route(route));
    return context;
  }

  private async route(route: Route): Promise<void> {
    const request = route.request();
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
