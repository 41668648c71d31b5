import { StoreFileError, type KeyValueBackend } from './backend';

/** An in-memory backend for tests (and for a host that must not touch the disk). */
export interface MemoryBackend extends KeyValueBackend {
  /** The document as last written, as JSON text; undefined when nothing is stored. Tests may set it. */
  text: string | undefined;
  /** Copies moved or copied aside, by path. */
  readonly aside: Map<string, string>;
  /** How many times the document was written. */
  readonly writes: number;
  /** When set, every write throws it (a full disk). */
  failWrites: Error | undefined;
  /** How many times the lock was taken. */
  readonly locks: number;
}

export function createMemoryBackend(initial?: string, path = 'memory/store.json'): MemoryBackend {
  let writes = 0;
  let locks = 0;
  const backend: MemoryBackend = {
    path,
    directory: undefined,
    text: initial,
    aside: new Map(),
    failWrites: undefined,
    get writes() {
      return writes;
    },
    get locks() {
      return locks;
    },
    lock() {
      locks++;
      return () => undefined;
    },
    // The text itself: a test that sets it is "another process" writing the store.
    version: () => backend.text,
    read() {
      if (backend.text === undefined) return undefined;
      try {
        return JSON.parse(backend.text) as unknown;
      } catch (e) {
        throw new StoreFileError(path, `it is not valid JSON (${(e as Error).message})`);
      }
    },
    write(data) {
      if (backend.failWrites) throw backend.failWrites;
      backend.text = JSON.stringify(data);
      writes++;
    },
    moveAside(target) {
      backend.aside.set(target, backend.text ?? '');
      backend.text = undefined;
    },
    copyAside(target) {
      backend.aside.set(target, backend.text ?? '');
    },
  };
  return backend;
}
