import { BrowserWindow, dialog, shell } from 'electron';
import { writeFile } from 'node:fs/promises';
import type { ShellPort } from '../../host/bridge/shell-handlers';
import { browserUrl } from '../../host/browser-url';
import { denyPermissions, harden, loginNavigation } from './harden';
import { loginWindowOptions } from './window';

/** The host side of openUrl and exportFile in Electron. */
export function electronShell(parent: () => BrowserWindow | null): ShellPort {
  let logins = 0;
  return {
    async openInSystemBrowser(url) {
      // http(s) only; the contract has checked it already, this is the last line.
      const target = browserUrl(url);
      if (!target) return false;
      await shell.openExternal(target);
      return true;
    },
    async openAppWindow(url, catcherRedirectUris) {
      // The bridge has checked that the URL is the running mock's; its origin and the catchers' redirect URIs bound
      // the window's navigation.
      const base = new URL(url).origin;
      const window = new BrowserWindow({
        ...loginWindowOptions(`mock-login-${++logins}`),
        ...(parent() ? { parent: parent()! } : {}),
      });
      harden(window.webContents, loginNavigation(base, catcherRedirectUris));
      // Its own session has its own permission handlers: refuse there too (camera, notifications, …).
      denyPermissions(window.webContents.session);
      // Once the provider has redirected to the loopback catcher, the page there says what happened; then close.
      window.webContents.on('did-navigate', (_event, target) => {
        if (!target.startsWith(`${base}/`)) setTimeout(() => window.isDestroyed() || window.close(), 1500);
      });
      await window.loadURL(url);
    },
    async saveFile(suggestedName, content) {
      const owner = parent();
      const options = { defaultPath: suggestedName };
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      await writeFile(result.filePath, content, { mode: 0o600 });
      return result.filePath;
    },
  };
}
