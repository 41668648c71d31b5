import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { preloadRuntime } from './preload-runtime';
import { toAppUrl, toChromiumUrl, type StandInSession, type StandInWebContents } from './session';

export interface WindowHost {
  sessionFor(partition: string | undefined): StandInSession;
  opened(window: StandInBrowserWindow): void;
  closed(window: StandInBrowserWindow): void;
}

interface Options {
  readonly width?: number;
  readonly height?: number;
  readonly show?: boolean;
  readonly webPreferences?: {
    readonly preload?: string;
    readonly partition?: string;
    readonly contextIsolation?: boolean;
    readonly sandbox?: boolean;
    readonly nodeIntegration?: boolean;
  };
}

let nextId = 1;

/** Electron's webContents: a Chromium page, its events, its window open handler, and send() to the preload. */
export class StandInContents extends EventEmitter implements StandInWebContents {
  readonly id = nextId++;
  windowOpenHandler: StandInWebContents['windowOpenHandler'] = null;
  destroyed = false;
  /** The page, once the session's context has made it. */
  pageNow: Page | null = null;

  constructor(
    readonly session: StandInSession,
    readonly page: Promise<Page>
  ) {
    super();
  }
  setWindowOpenHandler(handler: StandInWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** What Electron's IPC would deliver: a structured clone, to the listeners the preload registered. */
  send(channel: string, message: unknown): void {
    const copy = structuredClone(message);
    void this.page
      .then((page) =>
        page.evaluate(
          ([c, m]) =>
            (window as unknown as { __electronIpcDeliver?(c: string, m: unknown): void }).__electronIpcDeliver?.(c, m),
          [channel, copy] as const
        )
      )
      .catch(() => undefined);
  }
}

/**
 * Electron's BrowserWindow over a page of the session's browser context. The preload (when given) runs in every
 * document of the main frame before the page's scripts (preload-runtime.ts).
 */
export class StandInBrowserWindow extends EventEmitter {
  readonly webContents: StandInContents;
  readonly options: Options;
  private visible = false;
  private markLoaded: () => void = () => undefined;
  /** Settles when the first loadURL has finished loading (for the tests). */
  readonly loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));
  private bounds: { x: number; y: number; width: number; height: number };

  constructor(
    options: Options,
    private readonly host: WindowHost
  ) {
    super();
    this.options = options;
    this.bounds = { x: 0, y: 0, width: options.width ?? 800, height: options.height ?? 600 };
    const session = host.sessionFor(options.webPreferences?.partition);
    const preload = options.webPreferences?.preload;
    const page = session.browserContext().then(async (context) => {
      const page = await context.newPage();
      this.webContents.pageNow = page;
      if (preload) await page.addInitScript({ content: preloadRuntime(readFileSync(preload, 'utf8')) });
      // A main-frame document request is a navigation starting (a load, a reload), as Electron reports it.
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame())
          this.webContents.emit('did-start-navigation', {
            url: toAppUrl(request.url()),
            isMainFrame: true,
            isSameDocument: false,
          });
      });
      page.on(
        'framenavigated',
        (frame) => frame === page.mainFrame() && this.webContents.emit('did-navigate', {}, toAppUrl(frame.url()))
      );
      page.once('load', () => this.emit('ready-to-show'));
      page.once('close', () => this.destroy());
      return page;
    });
    this.webContents = new StandInContents(session, page);
    this.visible = options.show !== false;
    host.opened(this);
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.webContents.page;
    await page.goto(toChromiumUrl(url));
    this.markLoaded();
  }
  show(): void {
    this.visible = true;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  /** How often the app asked for focus (a window manager's business, not observable in Chromium). */
  focusRequests = 0;
  focus(): void {
    this.focusRequests++;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  isDestroyed(): boolean {
    return this.webContents.destroyed;
  }
  close(): void {
    if (this.isDestroyed()) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => void (prevented = true) });
    if (prevented) return;
    void this.webContents.page.then((page) => page.close());
  }
  private destroy(): void {
    if (this.webContents.destroyed) return;
    this.webContents.destroyed = true;
    this.emit('closed');
    this.host.closed(this);
  }
}
