/**
 * The renderer side of the stand-in, as a script evaluated in the page before its own scripts: it runs the built
 * preload bundle (out/preload/index.cjs, unchanged) with a `require` that knows only 'electron', as Electron's
 * sandboxed preloads have, and the two renderer APIs the preload uses:
 * - contextBridge.exposeInMainWorld copies the API onto window: functions stay callable (their arguments and results
 *   cross as structured clones, functions as functions), everything else is a structured clone;
 * - ipcRenderer.invoke sends a structured clone of its arguments to the main process (a binding of the page's
 *   context, which tells main the calling frame), and ipcRenderer.on receives what webContents.send delivers.
 * Only the main frame runs the preload (nodeIntegrationInSubFrames is off).
 * Not reproduced: the isolated world. The preload runs in the page's own world, inside a closure.
 */
export function preloadRuntime(preloadSource: string): string {
  return `(() => {
  if (window !== window.top) return;
  const clone = (value) => (typeof value === 'function' ? value : structuredClone(value));
  const copy = (value) => {
    if (typeof value === 'function') return (...args) => copy(value(...args.map(clone)));
    if (value instanceof Promise) return value.then(copy);
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
    return structuredClone(value);
  };
  const listeners = new Map();
  Object.defineProperty(window, '__electronIpcDeliver', {
    value: (channel, message) => { for (const listener of listeners.get(channel) ?? []) listener({}, message); },
  });
  const ipcRenderer = {
    invoke: (channel, ...args) => window.__electronIpc(channel, structuredClone(args)),
    on(channel, listener) { listeners.set(channel, [...(listeners.get(channel) ?? []), listener]); return ipcRenderer; },
    removeListener(channel, listener) { listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== listener)); return ipcRenderer; },
  };
  const contextBridge = {
    exposeInMainWorld(key, api) { Object.defineProperty(window, key, { value: copy(api), enumerable: true }); },
  };
  const require = (id) => {
    if (id === 'electron') return { contextBridge, ipcRenderer };
    throw new Error("module not found: " + id + " (a sandboxed preload can require 'electron' only)");
  };
  const module = { exports: {} };
  const exports = module.exports;
  ${preloadSource}
})();`;
}
