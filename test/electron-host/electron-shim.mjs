// What `import ... from 'electron'` gives the built main process in the test host: the stand-in the host
// created (stand-in.ts), with the named exports the app imports. Anything else it imports is undefined, and fails.
const electron = globalThis.__electronStandIn;
if (!electron) throw new Error('The Electron stand-in is not installed: start the app with startElectronHost().');
export default electron;
export const { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, screen, session, shell } = electron;
