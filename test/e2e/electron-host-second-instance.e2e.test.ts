import { afterAll, beforeAll, expect, it } from 'vitest';
import { startElectronHost, type ElectronHost } from '../electron-host/host';

/** A second launch while the app runs: another instance holds the single-instance lock. */
let host: ElectronHost;
beforeAll(async () => void (host = await startElectronHost({ encryption: true, lockHeldElsewhere: true })), 60_000);
afterAll(async () => host?.close());

it('quits without opening a window or starting anything', async () => {
  expect(host.standIn.electron.app.lockRequested).toBe(true);
  expect(host.standIn.electron.app.quitted).toBe(true);
  expect(host.standIn.windows.size).toBe(0);
  expect(host.standIn.handlers.size).toBe(0);
});
