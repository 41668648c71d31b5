import type { BrowserWindowConstructorOptions } from 'electron';

/** The app window's options: the renderer gets no Node, no preload beyond the bridge, and a sandbox. */
export function mainWindowOptions(): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'OAuth Lab',
    show: false,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, spellcheck: false },
  };
}
