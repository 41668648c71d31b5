import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Browser, Frame } from 'playwright-core';
import { StandInSession, toAppUrl, type StandInWebContents } from './session';
import { StandInBrowserWindow } from './window';

export interface StandInOptions {
  readonly browser: Browser;
  readonly userData: string;
  readonly version: string;
  /** safeStorage: whether the "keychain" is there. */
  readonly encryption: boolean;
  /** What the save dialog answers (a native dialog cannot be driven here). */
  readonly savePath?: string | null;
  /** Another instance of the app holds the single-instance lock. */
  readonly lockHeldElsewhere?: boolean;
}

type InvokeHandler = (
  event: { sender: { id: number }; senderFrame: { url: string; parent: unknown } },
  ...args: unknown[]
) => unknown;

/**
 * The `electron` module for the built main process, implementing only what the app uses: app (lifecycle,
 * single-instance lock, paths), BrowserWindow, ipcMain, session, protocol, safeStorage, screen, shell, dialog. It
 * does none of the app's own work: the app registers its handlers and hardens its windows itself. What it proves is
 * what runs in Chromium: the built main, preload and page, both flows, the page's CSP, sealed secrets. The
 * security handlers the app registers (IPC sender check, permissions, navigation, window.open) are kept for the
 * tests to call directly: when and with what a real Electron calls them is not imitated here.
 */
export function createElectronStandIn(options: StandInOptions) {
  const windows = new Set<StandInBrowserWindow>();
  const sessions = new Map<string, StandInSession>();
  const handlers = new Map<string, InvokeHandler>();
  const opened: string[] = [];
  let ready = false;
  let markReady: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (markReady = resolve));

  const webContentsOf = (page: unknown): StandInWebContents | null =>
    page === null ? null : ([...windows].find((w) => w.webContents.pageNow === page)?.webContents ?? null);

  /**
   * ipcRenderer.invoke arriving in main, so the preload's calls reach the app's handler (the flows run on this).
   * The event is this stand-in's approximation of Electron's (sender, senderFrame); the app's sender check is
   * tested by calling its handler with such events directly, not through this.
   */
  async function ipc(
    frame: Frame,
    sender: StandInWebContents | null,
    channel: string,
    args: unknown[]
  ): Promise<unknown> {
    const handler = handlers.get(channel);
    if (!handler)
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    const event = {
      sender: sender ?? { id: -1 },
      senderFrame: { url: toAppUrl(frame.url()), parent: frame.parentFrame() ? {} : null },
    };
    // The answer crosses back as a structured clone; what cannot be cloned is an error, as in Electron.
    return structuredClone(await handler(event, ...structuredClone(args)));
  }

  const sessionFor = (partition: string | undefined): StandInSession => {
    const key = partition ?? '';
    let session = sessions.get(key);
    if (!session) sessions.set(key, (session = new StandInSession(key, () => options.browser, { webContentsOf }, ipc)));
    return session;
  };

  const app = Object.assign(new EventEmitter(), {
    lockRequested: false,
    quitted: false,
    requestSingleInstanceLock(): boolean {
      app.lockRequested = true;
      return !options.lockHeldElsewhere;
    },
    whenReady: () => whenReady,
    isReady: () => ready,
    quit(): void {
      app.quitted = true;
      app.emit('quit');
    },
    getPath(name: string): string {
      if (name !== 'userData') throw new Error(`The stand-in knows the userData path only, not ${name}.`);
      return options.userData;
    },
    getVersion: () => options.version,
  });

  const host = {
    sessionFor,
    opened: (window: StandInBrowserWindow) => void windows.add(window),
    closed(window: StandInBrowserWindow) {
      windows.delete(window);
      if (windows.size === 0) app.emit('window-all-closed');
    },
  };
  class BrowserWindow extends StandInBrowserWindow {
    constructor(windowOptions: ConstructorParameters<typeof StandInBrowserWindow>[0]) {
      super(windowOptions, host);
    }
    static getAllWindows = () => [...windows];
  }

  // A key in memory stands in for the OS keychain: what is sealed here opens only with this host's key. Only the
  // asynchronous API is offered (the synchronous one is deprecated in Electron 45 and goes in 46): an app that
  // still called encryptString or isEncryptionAvailable would fail here.
  const key = randomBytes(32);
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => options.encryption,
    getSelectedStorageBackend: () => (options.encryption ? 'gnome_libsecret' : 'basic_text'),
    async encryptStringAsync(plain: string): Promise<Buffer> {
      if (!options.encryption) throw new Error('Encryption is not available.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), body]);
    },
    async decryptStringAsync(sealed: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
      if (!options.encryption) throw new Error('Decryption is not available.');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(3, 15));
      decipher.setAuthTag(sealed.subarray(15, 31));
      const result = Buffer.concat([decipher.update(sealed.subarray(31)), decipher.final()]).toString('utf8');
      return { result, shouldReEncrypt: false };
    },
  };

  const privileged: unknown[] = [];
  const electron = {
    app,
    BrowserWindow,
    ipcMain: {
      handle(channel: string, handler: InvokeHandler) {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      },
      removeHandler: (channel: string) => void handlers.delete(channel),
      // electron-store answers its renderer with ipcMain.on; the app has no renderer use of it.
      on: () => undefined,
    },
    protocol: {
      registerSchemesAsPrivileged(schemes: unknown[]) {
        if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
        privileged.push(...schemes);
      },
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        sessionFor(undefined).protocol.handle(scheme, handler),
    },
    session: {
      get defaultSession() {
        return sessionFor(undefined);
      },
      fromPartition: (partition: string) => sessionFor(partition),
    },
    safeStorage,
    screen: {
      getAllDisplays: () => [
        {
          id: 1,
          bounds: { x: 0, y: 0, width: 1920, height: 1080 },
          workArea: { x: 0, y: 0, width: 1920, height: 1050 },
        },
      ],
    },
    shell: {
      async openExternal(url: string) {
        opened.push(url);
      },
    },
    dialog: {
      showSaveDialog: async () =>
        options.savePath ? { canceled: false, filePath: options.savePath } : { canceled: true, filePath: undefined },
    },
  };

  return {
    electron,
    windows,
    sessions,
    handlers,
    privileged,
    /** URLs the app asked the system browser to open. */
    opened,
    ready() {
      ready = true;
      app.emit('ready');
      markReady();
    },
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
