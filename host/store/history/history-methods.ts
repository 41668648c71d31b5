import { randomBytes } from 'node:crypto';
import type { BridgeFailure } from '../../../shared/bridge/result';
import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { historyQuerySchema, type HistoryEntry } from '../../../shared/store/history';
import type { Settings } from '../../../shared/store/settings';
import { notFound, storeError } from '../backend';

import type { HistoryRecord } from '../codec';
import type { SecretBox } from '../secrets';
import { HistoryFiles } from './history-files';
import { explainHarOffThread } from './har-import-thread';

export type HistoryMethodName = 'historyList' | 'historyBody' | 'historyAnnotate' | 'historyClear' | 'historyImport';

/** How far a History import's explanation is: legs explained of the file's. */
export type ImportProgress = (done: number, total: number) => void;

export type HistoryMethods = {
  readonly [M in Exclude<HistoryMethodName, 'historyImport'>]: (input: ParsedInput<M>) => MethodOutput<M>;
} & {
  /** Explained on a worker thread (har-import-thread.ts): the host answers other requests meanwhile. */
  historyImport(
    input: ParsedInput<'historyImport'>,
    onProgress?: ImportProgress
  ): Promise<MethodOutput<'historyImport'>>;
  /** Appends an exchange (not a bridge method: the host records what it sends, record-exchange.ts); nothing when keepHistory is off. */
  historyAdd(input: { entry: HistoryEntry }): HistoryEntry;
  /** An entry with its bodies complete, for exports (not a bridge method: a body may be hundreds of MB). */
  historyFull(id: string): HistoryEntry | undefined;
  /** Applies a new size bound at once. */
  boundChanged(): void;
  /** Read when asked for: what the files hold (entries that cannot be read) takes reading them all. */
  readonly notices: readonly string[];
};

const MiB = 1024 * 1024;

/**
 * The history's directory beside store.json. Not `history`: in Electron that directory is Chromium's user data
 * directory too, and a `History` file there would be the same name on a case-insensitive file system.
 */
export const HISTORY_DIR_NAME = 'exchange-history';

/** The history's files, or the reason they could not be opened (each method reports it as store_error). */
interface OpenedHistory {
  readonly files: HistoryFiles | undefined;
  use(): HistoryFiles;
  failure(what: string, e: unknown): BridgeFailure;
}

/** Opens the files in `dir`; a failure becomes a notice and the session goes on without a history. */
function openHistoryFiles(dir: string, box: SecretBox, settings: () => Settings, notices: string[]): OpenedHistory {
  let files: HistoryFiles | undefined;
  let openError: unknown;
  try {
    files = new HistoryFiles(dir, box, () => settings().historyMaxMB * MiB);
  } catch (e) {
    openError = e;
    notices.push(
      `The history in ${dir} cannot be opened (${e instanceof Error ? e.message : String(e)}): exchanges are not recorded in this session; profiles, tokens and settings work as usual.`
    );
  }
  return {
    files,
    use: () => {
      if (!files) throw openError;
      return files;
    },
    failure: (what, e) => storeError(what, dir, e),
  };
}

/** Appends the history an older store.json held, once; on failure it stays there and is moved at the next start. */
function moveLegacyHistory(
  files: HistoryFiles,
  legacy: readonly HistoryRecord[],
  migrated: () => void,
  dir: string,
  notices: string[]
): void {
  try {
    files.append(...legacy.flatMap((r) => (r.entry ? [r.entry] : [])));
    // An entry that cannot be decrypted now moves as it is stored, for the day the keychain comes back.
    files.appendStored(...legacy.flatMap((r) => (r.entry ? [] : [r.stored])));
    migrated();
  } catch (e) {
    notices.push(
      `Moving the history out of the store file into ${dir} failed (${e instanceof Error ? e.message : String(e)}); it stays in the store file and is moved at the next start.`
    );
  }
}

/** The methods that read the history: listing and one body. */
function historyReadMethods({ use, failure }: OpenedHistory): Pick<HistoryMethods, 'historyList' | 'historyBody'> {
  return {
    historyList: (query) => {
      try {
        return { ...use().query(query ?? historyQuerySchema.parse({})), usage: use().usage() };
      } catch (e) {
        throw failure('Reading the history in', e);
      }
    },
    historyBody: ({ id, part, offset, length }) => {
      let body;
      try {
        body = use().body(id, part, offset, length);
      } catch (e) {
        throw failure('Reading the history in', e);
      }
      if (!body)
        throw notFound(`id: there is no history entry "${id}" (it may have been cleared or removed as the oldest).`);
      return body;
    },
  };
}

/** The methods that add to the history: each keeps nothing when the user turned history off. */
function historyAppendMethods(
  { use, failure }: OpenedHistory,
  settings: () => Settings
): Pick<HistoryMethods, 'historyAdd' | 'historyAnnotate' | 'historyImport'> {
  return {
    historyAdd: ({ entry }) => {
      // The user turned history off: the exchange is not kept anywhere.
      if (!settings().keepHistory) return entry;
      try {
        use().append(entry);
      } catch (e) {
        throw failure('Saving an exchange to the history in', e);
      }
      return entry;
    },
    historyAnnotate: ({ id, outcome, summary }) => {
      if (!settings().keepHistory) return { annotated: false };
      let entry;
      try {
        entry = use().full(id);
      } catch (e) {
        throw failure('Reading the history in', e);
      }
      if (!entry) return { annotated: false };
      if (entry.outcome === outcome && entry.summary === summary) return { annotated: true };
      // The entry again with the verdict: an append replaces the entry with the same id (history-files.ts).
      try {
        use().append({ ...entry, outcome, summary });
      } catch (e) {
        throw failure('Saving an exchange to the history in', e);
      }
      return { annotated: true };
    },
    historyImport: async ({ fileName, har }, onProgress = () => {}) => {
      const batch = randomBytes(6).toString('base64url');
      const { entries, legs } = await explainHarOffThread({ fileName, har, batch }, onProgress);
      // The user turned history off: nothing is kept, as for an exchange the app sends.
      if (!settings().keepHistory) return { imported: 0, legs };
      try {
        use().append(...entries);
      } catch (e) {
        throw failure('Saving imported exchanges to the history in', e);
      }
      return { imported: entries.length, legs };
    },
  };
}

/**
 * The history's bridge methods over its files in `dir` (see history-files.ts). `legacy` is the history an older
 * store.json held: it is appended here once, and `migrated` is called so store.json can drop it.
 */
export function openHistory(
  dir: string,
  box: SecretBox,
  settings: () => Settings,
  legacy: readonly HistoryRecord[],
  migrated: () => void
): HistoryMethods {
  const notices: string[] = [];
  const opened = openHistoryFiles(dir, box, settings, notices);
  const { files, use, failure } = opened;
  if (files && legacy.length > 0) moveLegacyHistory(files, legacy, migrated, dir, notices);

  return {
    get notices() {
      return [...notices, ...(files?.notices() ?? [])];
    },
    ...historyReadMethods(opened),
    ...historyAppendMethods(opened, settings),
    historyClear: () => {
      try {
        return { cleared: use().clear() };
      } catch (e) {
        throw failure('Clearing the history in', e);
      }
    },
    historyFull: (id) => files?.full(id),
    boundChanged: () => {
      try {
        files?.enforceBound();
      } catch (e) {
        throw failure('Removing the oldest exchanges from the history in', e);
      }
    },
  };
}
