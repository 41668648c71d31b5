import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { reason, StoreFileError, type KeyValueBackend } from './backend';
import { writeFileDurably, type WriteFs } from './durable-write';
import { lockFile } from './store-lock';

/** How long a change waits for another process's write to finish before it fails (they take milliseconds). */
const DEFAULT_LOCK_TIMEOUT_MS = 3_000;

export const STORE_FILE_NAME = 'store.json';

export interface FileBackendOptions {
  /**
   * The directory of `store.json`. Default: the per-user config directory the CLI and browser mode share
   * (`oauth-lab-nodejs`, where earlier versions kept it through conf); the desktop app passes its userData.
   */
  readonly cwd?: string;
  /** The file operations saves use (default node:fs); tests inject a full disk here. */
  readonly fs?: WriteFs;
  readonly lockTimeoutMs?: number;
}

/** The per-user directory the CLI and browser mode share. */
export function perUserStoreDirectory(): string {
  return envPaths('oauth-lab', { suffix: 'nodejs' }).config;
}

/** Secrets may be plain here (no keyring): keep it to this user. Failures (Windows, a directory we do not own) leave the mode as it was. */
function makePrivate(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // see above
  }
}

/** Creates `dir` for this user only when it does not exist; an existing directory is the caller's and keeps its mode. */
export function ensurePrivateDirectory(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  makePrivate(dir, 0o700); // mkdir's mode is filtered by the umask
}

/**
 * The store on a JSON file. Reading tells "no file" (undefined) from "cannot be read" and "not JSON" (a
 * StoreFileError naming the file), so the store can move a bad file aside and say why; writes go through the
 * durable writer (a short write never replaces a good file) under the lock every writing process takes.
 */
export function createFileBackend(options: FileBackendOptions = {}): KeyValueBackend {
  const { fs, lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS } = options;
  const directory = options.cwd ?? perUserStoreDirectory();
  const path = join(directory, STORE_FILE_NAME);
  // The per-user directory holds nothing but ours; a directory the caller gives keeps its mode.
  const ensureDirectory = () => {
    ensurePrivateDirectory(directory);
    if (options.cwd === undefined) makePrivate(directory, 0o700);
  };
  let tightened = false;
  return {
    path,
    directory,
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new StoreFileError(path, `it cannot be read: ${reason(e)}`, { cause: e });
      }
      // A file written before (by an older version, or by hand) may be readable by others: it is ours to tighten.
      if (!tightened) makePrivate(path, 0o600);
      tightened = true;
      try {
        return JSON.parse(text) as unknown;
      } catch (e) {
        throw new StoreFileError(path, `it is not valid JSON (${reason(e)})`, { cause: e });
      }
    },
    write(data) {
      ensureDirectory();
      writeFileDurably(path, `${JSON.stringify(data, undefined, '\t')}\n`, { mode: 0o600, ...(fs ? { fs } : {}) });
    },
    moveAside(target) {
      renameSync(path, target);
    },
    copyAside(target) {
      copyFileSync(path, target);
      chmodSync(target, 0o600);
    },
    lock() {
      ensureDirectory();
      return lockFile(path, lockTimeoutMs);
    },
    version() {
      // Every write renames a new file into place, so inode, size and modification time tell any write apart
      // (not the change time: tightening the mode is not a write).
      const s = statSync(path, { bigint: true, throwIfNoEntry: false });
      return s && `${s.ino}:${s.size}:${s.mtimeNs}`;
    },
  };
}
