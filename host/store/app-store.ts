import { join } from 'node:path';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import type { HistoryEntry } from '../../shared/store/history';
import { newRecordId } from '../../shared/store/record-id';
import { nodeRandom } from '../../platform/node/node-crypto';
import { notFound, type KeyValueBackend } from './backend';
import { createFileBackend } from './file-backend';
import { HISTORY_DIR_NAME, openHistory, type HistoryMethods } from './history/history-methods';
import { profileMethods } from './profile-methods';
import { SecretBox, type SecretCipher } from './secrets';
import { SyncedRecords } from './store-records';
import { tokenMethods } from './token-methods';

export interface AppStoreOptions {
  /** The directory of store.json (file backend); default: the per-user config directory. */
  readonly cwd?: string;
  /** The keychain's cipher (keychain-cipher.ts); without one (or when encryption is unavailable) secrets are stored plain in a 0600 file. */
  readonly cipher?: SecretCipher;
  readonly now?: () => number;
  /** Default: the file at `cwd`. Tests pass a memory backend. */
  readonly backend?: KeyValueBackend;
  /** The history's directory; default: `exchange-history` beside the store file (required with a backend that has no directory). */
  readonly historyDir?: string;
  /** New ids for imported profiles whose id is taken (default: random UUIDs). */
  readonly newId?: () => string;
}

export type StoreMethodName =
  | 'profilesList'
  | 'profileSave'
  | 'profileDelete'
  | 'profilesExport'
  | 'profilesImport'
  | 'tokensList'
  | 'tokenSave'
  | 'tokenDelete'
  | 'historyList'
  | 'historyBody'
  | 'historyAnnotate'
  | 'historyClear'
  | 'historyImport'
  | 'settingsGet'
  | 'settingsUpdate';

/** The store behind the bridge: one method per contract store method, taking the parsed input. Errors are BridgeFailures. */
export type AppStore = {
  readonly [M in Exclude<StoreMethodName, 'historyImport'>]: (input: ParsedInput<M>) => MethodOutput<M>;
} & {
  readonly historyImport: HistoryMethods['historyImport'];
  readonly secretStorage: 'encrypted' | 'file';
  /** Start-up notices (a corrupt file moved aside, a secret that could not be decrypted) and later write failures. */
  readonly notices: readonly string[];
  /** The store file, for messages. */
  readonly path: string;
  /** A history entry with its bodies complete (historyList cuts long ones), for exports; undefined when there is none. */
  historyFull(id: string): HistoryEntry | undefined;
  /** Appends an exchange to the history (kept nothing when keepHistory is off): how the host records what it sends. */
  historyAdd(input: { entry: HistoryEntry }): HistoryEntry;
};

const clone = <T>(v: T): T => structuredClone(v);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Opens (or creates) the store. Profiles, tokens and settings live in memory and in store.json; every change is
 * written at once (see store-records.ts: a disk failure reaches the caller as store_error and the change is undone).
 * The history is kept apart, in its own files (see history/history-files.ts), since it is big where settings are
 * small. Never throws for a bad file: that becomes a notice.
 */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => newRecordId(nodeRandom, 'p-'));
  const backend = options.backend ?? createFileBackend(options.cwd === undefined ? {} : { cwd: options.cwd });
  const box = new SecretBox(options.cipher);
  const store = new SyncedRecords(backend, box, now);
  const { records, notices } = store;
  /** store.json still holds a history (an older version wrote it): the next write drops it, once it is moved. */
  let legacyHistory = false;

  const profileExists = (id: string) => records.profiles.some((p) => p.id === id);

  const historyDir =
    options.historyDir ?? (backend.directory === undefined ? undefined : join(backend.directory, HISTORY_DIR_NAME));
  if (historyDir === undefined) throw new Error('createAppStore: this backend has no directory; pass historyDir.');
  // Only a session that writes store.json moves its history out (it then drops it from store.json).
  const history = openHistory(
    historyDir,
    box,
    () => records.settings,
    store.writable ? store.historyToMove : [],
    () => (legacyHistory = true)
  );

  if (store.rewrite || legacyHistory) {
    try {
      store.writeNow();
    } catch (e) {
      notices.push(`${message(e)}. Changes are kept in memory and saved with the next change.`);
    }
  }

  return {
    get secretStorage() {
      return box.storage;
    },
    get notices() {
      return [...notices, ...history.notices];
    },
    get path() {
      return backend.path;
    },

    ...profileMethods(store, newId),
    ...tokenMethods(store),

    historyList: (query) => history.historyList(query),
    historyBody: (input) => history.historyBody(input),
    historyAdd: ({ entry }) => clone(history.historyAdd({ entry })),
    historyAnnotate: (input) => history.historyAnnotate(input),
    historyClear: () => history.historyClear(undefined),
    historyImport: (input, onProgress) => history.historyImport(input, onProgress),
    historyFull: (id) => history.historyFull(id),

    settingsGet: () => {
      store.refreshForRead();
      return clone(records.settings);
    },

    settingsUpdate: (patch) => {
      const updated = store.commit(() => {
        if (patch.activeProfileId !== undefined && !profileExists(patch.activeProfileId))
          throw notFound(`activeProfileId: there is no profile "${patch.activeProfileId}".`);
        records.settings = {
          ...records.settings,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        };
        return clone(records.settings);
      });
      // A lower bound removes the oldest exchanges now, not at the next append.
      if (patch.historyMaxMB !== undefined) history.boundChanged();
      return updated;
    },
  };
}
