import { join } from 'node:path';
import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import type { HistoryEntry } from '../../../shared/store/history';
import { MOCK_PROFILE_ID, type Profile } from '../../../shared/store/profile';
import { newRecordId } from '../../../shared/store/record-id';
import type { SavedToken } from '../../../shared/store/saved-token';
import type { Settings } from '../../../shared/store/settings';
import { nodeRandom } from '../node-crypto';
import { invalidInput, notFound, storeError, type KeyValueBackend } from './backend';
import { encodeProfile, encodeToken } from './codec';
import { createConfBackend } from './conf-backend';
import { HISTORY_DIR_NAME, openHistory } from './history/history-methods';
import { keptKey, loadStore, type HiddenToken } from './load';
import { SCHEMA_VERSION } from './migrations';
import { MOCK_PROFILE_NAME } from './mock-profile';
import { exportProfiles, planImport } from './profile-transfer';
import { SecretBox, type SealedSecret, type SecretCipher } from './secrets';

export interface AppStoreOptions {
  /** The directory of store.json (conf backend); default: conf's per-user config directory. */
  readonly cwd?: string;
  /** The keychain's cipher (keychain-cipher.ts); without one (or when encryption is unavailable) secrets are stored plain in a 0600 file. */
  readonly cipher?: SecretCipher;
  readonly now?: () => number;
  /** Default: conf at `cwd`. The Electron shell passes createElectronStoreBackend(...). */
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
  | 'settingsGet'
  | 'settingsUpdate';

/** The store behind the bridge: one method per contract store method, taking the parsed input. Errors are BridgeFailures. */
export type AppStore = { readonly [M in StoreMethodName]: (input: ParsedInput<M>) => MethodOutput<M> } & {
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
 * written at once (so a disk failure reaches the caller as store_error and the change is undone). The history is
 * kept apart, in its own files (see history/history-files.ts), since it is big where settings are small. Never
 * throws for a bad file: that becomes a notice.
 */
export function createAppStore(options: AppStoreOptions = {}): AppStore {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => newRecordId(nodeRandom, 'p-'));
  const backend = options.backend ?? createConfBackend(options.cwd === undefined ? {} : { cwd: options.cwd });
  const box = new SecretBox(options.cipher);
  // Taken before reading: a write by another process in between then shows as a change (see refresh).
  const versionRead = backend.version();
  const loaded = loadStore(backend, box, now);
  const notices = loaded.notices;

  let profiles: readonly Profile[] = loaded.profiles;
  let tokens: readonly SavedToken[] = loaded.tokens;
  let hiddenTokens: readonly HiddenToken[] = loaded.hiddenTokens;
  let settings: Settings = loaded.settings;
  let kept: ReadonlyMap<string, SealedSecret> = loaded.kept;
  /** What this instance last read or wrote; another process's write changes it (see refresh). */
  let diskVersion = versionRead;
  /** store.json still holds a history (an older version wrote it): the next write drops it, once it is moved. */
  let legacyHistory = false;

  const keptFor = (kind: 'profile' | 'token', id: string) => (field: string) => kept.get(keptKey(kind, id, field));
  const forget = (kind: 'profile' | 'token', id: string) => {
    const prefix = keptKey(kind, id, '');
    kept = new Map([...kept].filter(([k]) => !k.startsWith(prefix)));
  };

  /**
   * Takes in what another process (a second instance, the CLI) wrote since this one last read or wrote the
   * file, so that a change applies to the current records and writes them back with it: changes merge by record.
   */
  function refresh(): void {
    if (!loaded.writable) return;
    const seen = backend.version();
    if (seen === diskVersion) return;
    const fresh = loadStore(backend, box, now);
    ({ profiles, tokens, hiddenTokens, settings, kept } = fresh);
    notices.push(...fresh.notices);
    diskVersion = seen;
  }

  /** Reads take in other processes' writes too; a failure to look leaves what is in memory. */
  function refreshForRead(): void {
    try {
      refresh();
    } catch {
      // the next change re-reads under the lock and reports a real problem
    }
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

  function writeNow(): void {
    if (!loaded.writable) return;
    underLock(() => {
      refresh();
      writeLocked();
    });
  }

  /** Writes the document; the caller holds the lock and has refreshed. */
  function writeLocked(): void {
    if (!loaded.writable) return;
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

  /**
   * Under the lock: re-reads the file if another process wrote it, applies the change to those records, writes.
   * When the write fails the change is undone and store_error thrown.
   */
  function commit<T>(change: () => T): T {
    return underLock(() => {
      refresh();
      const before = { profiles, tokens, hiddenTokens, settings, kept };
      try {
        const result = change();
        writeLocked();
        return result;
      } catch (e) {
        ({ profiles, tokens, hiddenTokens, settings, kept } = before);
        throw e;
      }
    });
  }

  const profileExists = (id: string) => profiles.some((p) => p.id === id);

  const historyDir =
    options.historyDir ?? (backend.directory === undefined ? undefined : join(backend.directory, HISTORY_DIR_NAME));
  if (historyDir === undefined) throw new Error('createAppStore: this backend has no directory; pass historyDir.');
  // Only a session that writes store.json moves its history out (it then drops it from store.json).
  const history = openHistory(
    historyDir,
    box,
    () => settings,
    loaded.writable ? loaded.history : [],
    () => (legacyHistory = true)
  );

  if (loaded.rewrite || legacyHistory) {
    try {
      writeNow();
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

    profilesList: () => {
      refreshForRead();
      return clone([...profiles]);
    },

    profileSave: ({ profile }) =>
      commit(() => {
        // The mock's id always means the built-in profile: it can be edited (ports, paths, credentials) but stays built in.
        const saved: Profile = profile.id === MOCK_PROFILE_ID ? { ...profile, builtIn: true } : profile;
        if (saved.builtIn && saved.id !== MOCK_PROFILE_ID)
          throw invalidInput(
            `profile.builtIn: only the "${MOCK_PROFILE_NAME}" profile (id "${MOCK_PROFILE_ID}") is built in; save this profile with builtIn: false.`
          );
        const at = profiles.findIndex((p) => p.id === saved.id);
        profiles = at >= 0 ? profiles.map((p, i) => (i === at ? saved : p)) : [...profiles, saved];
        forget('profile', saved.id); // the user has seen the empty secret and saved: the undecryptable old value goes
        return clone(saved);
      }),

    profileDelete: ({ id }) => {
      if (id === MOCK_PROFILE_ID)
        throw invalidInput(`The built-in "${MOCK_PROFILE_NAME}" profile cannot be deleted; edit it instead.`);
      refreshForRead();
      if (!profileExists(id)) return { deleted: false };
      return commit(() => {
        if (!profileExists(id)) return { deleted: false };
        profiles = profiles.filter((p) => p.id !== id);
        // Its saved tokens are secrets nobody could reach any more: they go with it.
        for (const t of tokens) if (t.profileId === id) forget('token', t.id);
        tokens = tokens.filter((t) => t.profileId !== id);
        hiddenTokens = hiddenTokens.filter((t) => t.meta.profileId !== id);
        forget('profile', id);
        if (settings.activeProfileId === id) settings = { ...settings, activeProfileId: MOCK_PROFILE_ID };
        return { deleted: true };
      });
    },

    profilesExport: ({ ids, includeSecrets }) => {
      refreshForRead();
      const userProfiles = profiles.filter((p) => !p.builtIn);
      let chosen = userProfiles;
      if (ids) {
        if (ids.includes(MOCK_PROFILE_ID))
          throw invalidInput(
            `ids: the built-in "${MOCK_PROFILE_NAME}" profile is not exported (every OAuth Lab has it).`
          );
        const missing = ids.filter((id) => !profileExists(id));
        if (missing.length)
          throw notFound(`There is no profile with the id ${missing.map((id) => `"${id}"`).join(', ')}.`);
        chosen = userProfiles.filter((p) => ids.includes(p.id));
      }
      return { json: exportProfiles(chosen, includeSecrets), secretsIncluded: includeSecrets };
    },

    profilesImport: ({ json }) =>
      commit(() => {
        // Planned against the profiles as they are under the lock, so a name or id another instance just took is seen.
        const plan = planImport(json, profiles, newId);
        profiles = [...profiles, ...plan.imported];
        return clone(plan);
      }),

    tokensList: (input) => {
      refreshForRead();
      const profileId = input?.profileId;
      return clone(
        tokens
          .filter((t) => profileId === undefined || t.profileId === profileId)
          .sort((a, b) => b.obtainedAt - a.obtainedAt)
      );
    },

    tokenSave: ({ token }) =>
      commit(() => {
        if (!profileExists(token.profileId))
          throw notFound(
            `token.profileId: there is no profile "${token.profileId}"; save the token under an existing profile.`
          );
        const at = tokens.findIndex((t) => t.id === token.id);
        tokens = at >= 0 ? tokens.map((t, i) => (i === at ? token : t)) : [...tokens, token];
        hiddenTokens = hiddenTokens.filter((t) => t.meta.id !== token.id);
        forget('token', token.id);
        return clone(token);
      }),

    tokenDelete: ({ id }) => {
      refreshForRead();
      if (!tokens.some((t) => t.id === id) && !hiddenTokens.some((t) => t.meta.id === id)) return { deleted: false };
      return commit(() => {
        tokens = tokens.filter((t) => t.id !== id);
        hiddenTokens = hiddenTokens.filter((t) => t.meta.id !== id);
        forget('token', id);
        return { deleted: true };
      });
    },

    historyList: (query) => history.historyList(query),
    historyBody: (input) => history.historyBody(input),
    historyAdd: ({ entry }) => clone(history.historyAdd({ entry })),
    historyAnnotate: (input) => history.historyAnnotate(input),
    historyClear: () => history.historyClear(undefined),
    historyFull: (id) => history.historyFull(id),

    settingsGet: () => {
      refreshForRead();
      return clone(settings);
    },

    settingsUpdate: (patch) => {
      const updated = commit(() => {
        if (patch.activeProfileId !== undefined && !profileExists(patch.activeProfileId))
          throw notFound(`activeProfileId: there is no profile "${patch.activeProfileId}".`);
        settings = { ...settings, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
        return clone(settings);
      });
      // A lower bound removes the oldest exchanges now, not at the next append.
      if (patch.historyMaxMB !== undefined) history.boundChanged();
      return updated;
    },
  };
}
