import { CONTRACT_ERROR, BridgeFailure } from '../../shared/bridge/result';
import { describeWriteCause, StoreWriteError } from './durable-write';
import { StoreLockError } from './store-lock';

/**
 * Where the store's document lives. The store keeps its own in-memory copy (history must stay fast with 5000
 * entries) and writes the whole document through, so a backend only has to read once and write the top-level
 * keys (`schemaVersion`, `profiles`, `tokens`, `history`, `settings`). One interface lets the same store run on
 * a JSON file (file-backend.ts: the app, browser mode, the CLI) and on an in-memory fake (tests).
 */
export interface KeyValueBackend {
  /** The file (or a name for it), named in notices and errors; corrupt copies are written next to it. */
  readonly path: string;
  /** The directory the file is in (the history goes beside it), or undefined for a backend that is not on disk. */
  readonly directory: string | undefined;
  /** The stored document as parsed JSON, or `undefined` when nothing is stored yet. Throws StoreFileError. */
  read(): unknown;
  /** Replaces the stored document with `data`. Throws on disk failures. */
  write(data: Readonly<Record<string, unknown>>): void;
  /** Renames the stored document to `target`, so a fresh one can start without overwriting it. */
  moveAside(target: string): void;
  /** Copies the stored document to `target`, before a rewrite drops or reshapes anything in it. */
  copyAside(target: string): void;
  /**
   * Takes the lock every process writing this store takes (see store-lock.ts) and returns its release; throws
   * StoreLockError when another process keeps it. Read, change and write happen under it.
   */
  lock(): () => void;
  /** What the stored document is now (changes whenever any process writes it), or undefined when there is none. */
  version(): string | undefined;
}

/** The stored document cannot be read or is not JSON; `path` says which file. */
export class StoreFileError extends Error {
  override readonly name = 'StoreFileError';
  constructor(
    readonly path: string,
    message: string,
    options?: { cause?: unknown }
  ) {
    super(message, options);
  }
}

/** An error's message, or the thrown value as text. */
export const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A disk failure as the bridge reports it: `store_error`, naming the file (and the system's code, such as ENOSPC). */
export function storeError(what: string, path: string, cause: unknown): BridgeFailure {
  if (cause instanceof StoreLockError)
    return new BridgeFailure('store_error', cause.message, { path: cause.path, cause: 'locked' });
  if (cause instanceof StoreWriteError)
    return new BridgeFailure('store_error', cause.message, {
      path: cause.path,
      ...(cause.code ? { cause: cause.code } : {}),
    });
  const { code, text } = describeWriteCause(cause);
  return new BridgeFailure('store_error', `${what} ${path} failed: ${text}`, {
    path,
    ...(code ? { cause: code } : {}),
  });
}

export const invalidInput = (message: string) => new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, message);
export const notFound = (message: string) => new BridgeFailure(CONTRACT_ERROR.NOT_FOUND, message);

/**
 * `store.json` → `store.corrupt-2025-01-31T12-00-00-000Z.json` next to it. Colons are left out so the name is
 * valid on Windows too; `taken` lets a second copy in the same millisecond get its own name.
 */
export function asideName(path: string, label: string, at: number, taken: (p: string) => boolean): string {
  const stamp = new Date(at).toISOString().replace(/:/g, '-').replace('.', '-');
  const base = path.replace(/\.json$/i, '');
  let candidate = `${base}.${label}-${stamp}.json`;
  for (let n = 2; taken(candidate); n++) candidate = `${base}.${label}-${stamp}-${n}.json`;
  return candidate;
}
