import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { Settings } from '../../../shared/store/settings';
import { storeError, type KeyValueBackend } from './backend';
import { encodeProfile, encodeToken, type HistoryRecord } from './codec';
import { keptKey, loadStore, type HiddenToken } from './load';
import { SCHEMA_VERSION } from './migrations';
import type { SealedSecret, SecretBox } from './secrets';

/** What store.json holds, as this instance has it in memory; a change reassigns a field inside `commit`. */
export interface StoreRecords {
  profiles: readonly Profile[];
  tokens: readonly SavedToken[];
  hiddenTokens: readonly HiddenToken[];
  settings: Settings;
  kept: ReadonlyMap<string, SealedSecret>;
}

export interface SyncedRecords {
  readonly records: StoreRecords;
  /** Start-up notices and those of later re-reads; the caller adds its own. */
  readonly notices: string[];
  /** False when a bad file could be neither moved nor copied aside: this session then never writes over it. */
  readonly writable: boolean;
  /** Write at once (a new file, a migration, dropped records, plain secrets that can now be encrypted). */
  readonly rewrite: boolean;
  /** History an older version kept in store.json, to be moved to the history's own files. */
  readonly historyToMove: readonly HistoryRecord[];
  /** Takes in other processes' writes before a read; a failure to look leaves what is in memory. */
  refreshForRead(): void;
  /**
   * Under the lock: re-reads the file if another process wrote it, applies the change to those records, writes.
   * When the write fails the change is undone and store_error thrown.
   */
  commit<T>(change: () => T): T;
  /** Writes the records as they are (under the lock, after taking in other processes' writes). */
  writeNow(): void;
  /** Drops the secrets kept sealed for a record (they could not be decrypted): it was saved again or deleted. */
  forget(kind: 'profile' | 'token', id: string): void;
}

const pick = ({ profiles, tokens, hiddenTokens, settings, kept }: StoreRecords): StoreRecords => ({
  profiles,
  tokens,
  hiddenTokens,
  settings,
  kept,
});

/**
 * Reads store.json and keeps its records in step with it: every change is written at once under the store's
 * lock, after taking in what another process (a second instance, the CLI) wrote since this one last read or
 * wrote the file, so that changes merge by record. Never throws for a bad file: that becomes a notice.
 */
export function openStoreRecords(backend: KeyValueBackend, box: SecretBox, now: () => number): SyncedRecords {
  // Taken before reading: a write by another process in between then shows as a change (see refresh).
  const versionRead = backend.version();
  const loaded = loadStore(backend, box, now);
  const notices = loaded.notices;
  const records: StoreRecords = pick(loaded);
  /** What this instance last read or wrote; another process's write changes it (see refresh). */
  let diskVersion = versionRead;

  const keptFor = (kind: 'profile' | 'token', id: string) => (field: string) =>
    records.kept.get(keptKey(kind, id, field));

  /** Takes in what another process wrote since this one last read or wrote the file. */
  function refresh(): void {
    if (!loaded.writable) return;
    const seen = backend.version();
    if (seen === diskVersion) return;
    const fresh = loadStore(backend, box, now);
    Object.assign(records, pick(fresh));
    notices.push(...fresh.notices);
    diskVersion = seen;
  }

  /** Runs `fn` holding the store's lock (nothing to lock when this session never writes). */
  function underLock<T>(fn: () => T): T {
    if (!loaded.writable) return fn();
    let release: () => void;
    try {
      release = backend.lock();
    } catch (e) {
      throw storeError('Locking', backend.path, e);
    }
    try {
      return fn();
    } finally {
      release();
    }
  }

  /** Writes the document; the caller holds the lock and has refreshed. */
  function writeLocked(): void {
    if (!loaded.writable) return;
    const { profiles, tokens, hiddenTokens, settings } = records;
    const doc = {
      schemaVersion: SCHEMA_VERSION,
      profiles: profiles.map((p) => encodeProfile(p, box, keptFor('profile', p.id))),
      tokens: [...tokens.map((t) => encodeToken(t, box, keptFor('token', t.id))), ...hiddenTokens.map((h) => h.stored)],
      settings,
    };
    try {
      backend.write(doc);
    } catch (e) {
      throw storeError('Writing the store to', backend.path, e);
    }
    diskVersion = backend.version();
  }

  return {
    records,
    notices,
    writable: loaded.writable,
    rewrite: loaded.rewrite,
    historyToMove: loaded.history,
    refreshForRead() {
      try {
        refresh();
      } catch {
        // the next change re-reads under the lock and reports a real problem
      }
    },
    commit(change) {
      return underLock(() => {
        refresh();
        const before = pick(records);
        try {
          const result = change();
          writeLocked();
          return result;
        } catch (e) {
          Object.assign(records, before);
          throw e;
        }
      });
    },
    writeNow() {
      if (!loaded.writable) return;
      underLock(() => {
        refresh();
        writeLocked();
      });
    },
    forget(kind, id) {
      const prefix = keptKey(kind, id, '');
      records.kept = new Map([...records.kept].filter(([k]) => !k.startsWith(prefix)));
    },
  };
}
