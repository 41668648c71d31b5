import type { Profile } from '../../shared/store/profile';
import type { SavedToken } from '../../shared/store/saved-token';
import type { Settings } from '../../shared/store/settings';
import { storeError, type KeyValueBackend } from './backend';
import { encodeProfile, encodeToken, type HistoryRecord } from './codec';
import { loadStore } from './load';
import { keptKey, type HiddenToken } from './load-records';
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
export class SyncedRecords {
  readonly records: StoreRecords;
  /** Start-up notices and those of later re-reads; the caller adds its own. */
  readonly notices: string[];
  /** False when a bad file could be neither moved nor copied aside: this session then never writes over it. */
  readonly writable: boolean;
  /** Write at once (a new file, a migration, dropped records, plain secrets that can now be encrypted). */
  readonly rewrite: boolean;
  /** History an older version kept in store.json, to be moved to the history's own files. */
  readonly historyToMove: readonly HistoryRecord[];
  /** What this instance last read or wrote; another process's write changes it (see refresh). */
  private diskVersion: string | undefined;

  constructor(
    private readonly backend: KeyValueBackend,
    private readonly box: SecretBox,
    private readonly now: () => number
  ) {
    // Taken before reading: a write by another process in between then shows as a change (see refresh).
    this.diskVersion = backend.version();
    const loaded = loadStore(backend, box, now);
    this.records = pick(loaded);
    this.notices = loaded.notices;
    this.writable = loaded.writable;
    this.rewrite = loaded.rewrite;
    this.historyToMove = loaded.history;
  }

  /** Takes in other processes' writes before a read; a failure to look leaves what is in memory. */
  refreshForRead(): void {
    try {
      this.refresh();
    } catch {
      // the next change re-reads under the lock and reports a real problem
    }
  }

  /**
   * Under the lock: re-reads the file if another process wrote it, applies the change to those records, writes.
   * When the write fails the change is undone and store_error thrown.
   */
  commit<T>(change: () => T): T {
    return this.underLock(() => {
      this.refresh();
      const before = pick(this.records);
      try {
        const result = change();
        this.writeLocked();
        return result;
      } catch (e) {
        Object.assign(this.records, before);
        throw e;
      }
    });
  }

  /** Writes the records as they are (under the lock, after taking in other processes' writes). */
  writeNow(): void {
    if (!this.writable) return;
    this.underLock(() => {
      this.refresh();
      this.writeLocked();
    });
  }

  /** Drops the secrets kept sealed for a record (they could not be decrypted): it was saved again or deleted. */
  forget(kind: 'profile' | 'token', id: string): void {
    const prefix = keptKey(kind, id, '');
    this.records.kept = new Map([...this.records.kept].filter(([k]) => !k.startsWith(prefix)));
  }

  /** Takes in what another process wrote since this one last read or wrote the file. */
  private refresh(): void {
    if (!this.writable) return;
    const seen = this.backend.version();
    if (seen === this.diskVersion) return;
    const fresh = loadStore(this.backend, this.box, this.now);
    Object.assign(this.records, pick(fresh));
    this.notices.push(...fresh.notices);
    this.diskVersion = seen;
  }

  /** Runs `fn` holding the store's lock (nothing to lock when this session never writes). */
  private underLock<T>(fn: () => T): T {
    if (!this.writable) return fn();
    let release: () => void;
    try {
      release = this.backend.lock();
    } catch (e) {
      throw storeError('Locking', this.backend.path, e);
    }
    try {
      return fn();
    } finally {
      release();
    }
  }

  /** Writes the document; the caller holds the lock and has refreshed. */
  private writeLocked(): void {
    if (!this.writable) return;
    const { profiles, tokens, hiddenTokens, settings, kept } = this.records;
    const keptFor = (kind: 'profile' | 'token', id: string) => (field: string) => kept.get(keptKey(kind, id, field));
    const doc = {
      schemaVersion: SCHEMA_VERSION,
      profiles: profiles.map((p) => encodeProfile(p, this.box, keptFor('profile', p.id))),
      tokens: [
        ...tokens.map((t) => encodeToken(t, this.box, keptFor('token', t.id))),
        ...hiddenTokens.map((h) => h.stored),
      ],
      settings,
    };
    try {
      this.backend.write(doc);
    } catch (e) {
      throw storeError('Writing the store to', this.backend.path, e);
    }
    this.diskVersion = this.backend.version();
  }
}
