import { app, BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';
import { mainWindowOptions } from './window';

// Composition root. Navigation and new windows are denied: the app page is the only page this window shows.
if (!app.requestSingleInstanceLock()) app.quit();

app.whenReady().then(() => {
  const window = new BrowserWindow(mainWindowOptions());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  void window.loadFile(fileURLToPath(new URL('../renderer/index.html', import.meta.url)));
});
app.on('window-all-closed', () => app.quit());
