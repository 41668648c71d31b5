import { join } from 'node:path';
import type ElectronStore from 'electron-store';
import {
  confLikeBackend,
  ensurePrivateDirectory,
  STORE_FILE_NAME,
  STORE_FILE_OPTIONS,
  type ConfLike,
} from './conf-backend';

/**
 * The store on electron-store in the Electron main process. electron-store imports `electron` when loaded, so
 * this file takes the class from the shell instead of importing it: `createElectronStoreBackend(ElectronStore,
 * app.getPath('userData'))`. The directory is passed so the file can be named even when it cannot be read.
 */
export type ElectronStoreClass = new (options: { name: string; cwd: string } & typeof STORE_FILE_OPTIONS) => ConfLike;

// Compile-time check that the real class fits the shape above (type-only: nothing of electron is loaded).
const fits: typeof ElectronStore extends ElectronStoreClass ? true : never = true;
void fits;

export function createElectronStoreBackend(Store: ElectronStoreClass, cwd: string) {
  ensurePrivateDirectory(cwd);
  return confLikeBackend(
    () => new Store({ name: STORE_FILE_NAME, cwd, ...STORE_FILE_OPTIONS }),
    join(cwd, `${STORE_FILE_NAME}.json`)
  );
}
