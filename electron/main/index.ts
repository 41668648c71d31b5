import { app, BrowserWindow, ipcMain, protocol, safeStorage, screen, session } from 'electron';
import ElectronStore from 'electron-store';
import { fileURLToPath } from 'node:url';
import { createAppServices } from '../../host/bridge/app-services';
import { join } from 'node:path';
import { createAppStore, keychainCipher } from '../../host/store';
import { CLI_IMPORT_LEDGER, importCliStore, openPerUserStore } from '../../host/store/cli-store-import';
import { APP_PAGE_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler } from './app-protocol';
import { electronShell } from './electron-shell';
import { denyPermissions, harden } from './harden';
import { forwardEvents, isAppSender, registerBridgeIpc, type InvokeEventLike } from './ipc';
import { mainWindowOptions, restoreBounds } from './window';

// Composition root (Electron Fiddle): one setup call per concern, everything else in services.
const RENDERER = fileURLToPath(new URL('../renderer/', import.meta.url));
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const isAppPage = (url: string) => url === APP_PAGE_URL;

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(start);

async function start(): Promise<void> {
  denyPermissions(session.defaultSession);
  // The page's scheme exists in the app's session only: the login windows' sessions cannot load it.
  session.defaultSession.protocol.handle(APP_SCHEME, appProtocolHandler(RENDERER));
  const store = createAppStore({
    cwd: app.getPath('userData'),
    cipher: await keychainCipher(safeStorage, app.getPath('userData')),
  });
  // One place for saved tokens: what the CLI (and browser mode) saved is taken in, sealed like the app's own.
  const fromCli = importCliStore({
    app: store,
    openCliStore: openPerUserStore,
    ledgerPath: join(app.getPath('userData'), CLI_IMPORT_LEDGER),
  });
  const windowState = new ElectronStore<{ bounds?: unknown }>({ name: 'window-state' });
  let window: BrowserWindow | null = null;
  const services = createAppServices({
    host: 'electron',
    version: app.getVersion(),
    store,
    mockCaDir: app.getPath('userData'),
    notices: fromCli.notices,
    shell: electronShell(() => window),
  });
  const fromAppPage = (event: InvokeEventLike) => isAppSender(event, () => window?.webContents.id ?? null, isAppPage);
  registerBridgeIpc(ipcMain, services.handlers, fromAppPage);
  const events = forwardEvents(
    ipcMain,
    (listener) => services.events.subscribe(listener),
    () => window?.webContents ?? null,
    fromAppPage
  );

  window = new BrowserWindow(
    mainWindowOptions(
      restoreBounds(
        windowState.get('bounds'),
        screen.getAllDisplays().map((d) => d.workArea)
      ),
      PRELOAD
    )
  );
  harden(window.webContents, isAppPage);
  // A reload: the page that said it listens is going; hold events until the new one says so.
  window.webContents.on('did-start-navigation', ({ isMainFrame, isSameDocument }) => {
    if (isMainFrame && !isSameDocument) events.pageLeft();
  });
  window.once('ready-to-show', () => window?.show());
  window.on('close', () => windowState.set('bounds', window?.getNormalBounds()));
  window.on('closed', () => (window = null));
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => void services.close().finally(() => app.quit()));
  await window.loadURL(APP_PAGE_URL);
}
