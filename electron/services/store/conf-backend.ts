import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Conf from 'conf';
import { reason, StoreFileError, type KeyValueBackend } from './backend';
import { writeFileDurably, type WriteFs } from './durable-write';
import { lockFile } from './store-lock';

/** How long a change waits for another process's write to finish before it fails (they take milliseconds). */
const DEFAULT_LOCK_TIMEOUT_MS = 3_000;

export interface FileBackendOptions {
  /** The file operations saves use (default node:fs); tests inject a full disk here. */
  readonly fs?: WriteFs;
  readonly lockTimeoutMs?: number;
}

/** The part of conf the backend uses; electron-store is a subclass of Conf, so it fits too. */
export interface ConfLike {
  readonly path: string;
  store: Record<string, unknown>;
}

export const STORE_FILE_NAME = 'store';

/*
 * conf parses the file in its constructor and throws on invalid JSON, and turns a top-level array or number into
 * an object. Our deserializer never throws and hands the parsed value through untouched under a symbol, so the
 * store itself can tell "no file" from "not JSON" from "wrong shape", move a bad file aside and say why.
 */
const PARSED = Symbol('parsed store document');
const UNPARSABLE = Symbol('store document that is not JSON');

type Wrapped = { [PARSED]?: unknown; [UNPARSABLE]?: string };

function deserialize(text: string): Record<string, unknown> {
  let wrapped: Wrapped;
  try {
    wrapped = { [PARSED]: JSON.parse(text) };
  } catch (e) {
    wrapped = { [UNPARSABLE]: e instanceof Error ? e.message : String(e) };
  }
  return wrapped as Record<string, unknown>;
}

/** Options shared by the conf and electron-store adapters: the file is created readable by this user only. */
export const STORE_FILE_OPTIONS = {
  configFileMode: 0o600,
  clearInvalidConfig: false,
  deserialize,
} as const;

/** Secrets may be plain here (no keyring): keep it to this user. Failures (Windows, a directory we do not own) leave the mode as it was. */
function makePrivate(path: string, mode = 0o700): void {
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
  makePrivate(dir); // mkdir's mode is filtered by the umask
}

/**
 * A backend over a conf instance, created on first use. `expectedPath` names the file when conf itself cannot
 * be created (an unreadable file throws in its constructor).
 */
export function confLikeBackend(
  open: () => ConfLike,
  expectedPath: string,
  { fs, lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS }: FileBackendOptions = {}
): KeyValueBackend {
  let conf: ConfLike | undefined;
  let path = expectedPath;
  const instance = (): ConfLike => {
    if (conf) return conf;
    try {
      conf = open();
    } catch (e) {
      const at = (e as { path?: unknown }).path;
      throw new StoreFileError(typeof at === 'string' ? at : path, `it cannot be read: ${reason(e)}`, { cause: e });
    }
    path = conf.path;
    // A file written before (by an older version, or by hand) may be readable by others: it is ours to tighten.
    if (existsSync(path)) makePrivate(path, 0o600);
    return conf;
  };
  return {
    get path() {
      return path;
    },
    get directory() {
      try {
        instance();
      } catch {
        // an unreadable file still has its expected place
      }
      return dirname(path);
    },
    read() {
      let store: Wrapped;
      try {
        store = instance().store as Wrapped;
      } catch (e) {
        if (e instanceof StoreFileError) throw e;
        throw new StoreFileError(path, `it cannot be read: ${reason(e)}`, { cause: e });
      }
      if (store[UNPARSABLE] !== undefined)
        throw new StoreFileError(path, `it is not valid JSON (${store[UNPARSABLE]})`);
      return store[PARSED];
    },
    write(data) {
      // conf is used to find and read the file; the write is ours, so a short write never replaces a good file.
      const file = instance().path;
      ensurePrivateDirectory(dirname(file));
      writeFileDurably(file, `${JSON.stringify(data, undefined, '\t')}\n`, { mode: 0o600, ...(fs ? { fs } : {}) });
    },
    moveAside(target) {
      renameSync(path, target);
    },
    copyAside(target) {
      copyFileSync(path, target);
      chmodSync(target, 0o600);
    },
    lock() {
      try {
        instance();
      } catch {
        // an unreadable file is still locked by its expected name
      }
      ensurePrivateDirectory(dirname(path));
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

export interface ConfBackendOptions extends FileBackendOptions {
  /** The directory of `store.json`; default: conf's per-user config directory for `oauth-lab`. */
  readonly cwd?: string;
}

/** The store on conf, for browser mode and the CLI: `<cwd>/store.json`. */
export function createConfBackend(options: ConfBackendOptions = {}): KeyValueBackend {
  const { cwd, ...fileOptions } = options;
  if (cwd) ensurePrivateDirectory(cwd);
  return confLikeBackend(
    () => {
      const conf = new Conf<Record<string, unknown>>({
        projectName: 'oauth-lab',
        configName: STORE_FILE_NAME,
        ...(cwd ? { cwd } : {}),
        ...STORE_FILE_OPTIONS,
      });
      // conf's own directory (…/oauth-lab-nodejs) holds nothing but ours.
      if (!cwd) makePrivate(dirname(conf.path));
      return conf;
    },
    join(cwd ?? '', `${STORE_FILE_NAME}.json`),
    fileOptions
  );
}
