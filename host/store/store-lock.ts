import lockfile from 'proper-lockfile';

/**
 * One writer at a time across processes: two browser-mode instances, the app and `oauth-lab flow --save`, all
 * take `<file>.lock` (a directory, created atomically by proper-lockfile) for the few milliseconds of
 * re-read, change, write. A process that dies holding it leaves a lock that counts as stale after STALE_MS.
 */
const STALE_MS = 5_000;
const WAIT_STEP_MS = 10;

/** The lock stayed taken for longer than the caller waits: another instance is writing (or died doing so). */
export class StoreLockError extends Error {
  override readonly name = 'StoreLockError';
  constructor(
    readonly path: string,
    message: string
  ) {
    super(message);
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** The store's methods are synchronous, so waiting for the lock is too (a few ms while another instance writes). */
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/**
 * Takes the lock on `path` (the file need not exist), waiting up to `timeoutMs`; returns the release function.
 * Throws StoreLockError naming the file when another process keeps it.
 */
export function lockFile(path: string, timeoutMs: number): () => void {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const release = lockfile.lockSync(path, {
        realpath: false,
        stale: STALE_MS,
        // Held for milliseconds, so this only matters for a lock that outlives a stalled process: it then is
        // taken over by the next writer, and this process's write has already landed or failed.
        onCompromised: () => undefined,
      });
      return () => {
        try {
          release();
        } catch {
          // already taken over as stale: nothing of ours is left to remove
        }
      };
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'ELOCKED')
        throw new StoreLockError(path, `Locking ${path} for writing failed: ${(e as Error).message}`);
      if (Date.now() >= deadline) {
        throw new StoreLockError(
          path,
          `Another OAuth Lab (the app, browser mode or the CLI) is writing ${path} and kept its lock ${path}.lock for over ${timeoutMs} ms. Nothing was changed; try again. A lock left by a process that stopped counts as stale after ${STALE_MS / 1000} s.`
        );
      }
      sleep(WAIT_STEP_MS);
    }
  }
}
