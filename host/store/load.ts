import { existsSync } from 'node:fs';
import type { Profile } from '../../shared/store/profile';
import type { SavedToken } from '../../shared/store/saved-token';
import { settingsSchema, type Settings } from '../../shared/store/settings';
import { asideName, StoreFileError, type KeyValueBackend } from './backend';
import { isRecord, type HistoryRecord } from './codec';
import { loadRecords, type HiddenToken } from './load-records';
import { migrate, SCHEMA_VERSION } from './migrations';
import { defaultMockProfile } from './mock-profile';
import type { SealedSecret, SecretBox } from './secrets';

export interface LoadedStore {
  readonly profiles: Profile[];
  readonly tokens: SavedToken[];
  readonly hiddenTokens: HiddenToken[];
  /** History an older version kept in the store file, to be moved to the history's own files. */
  readonly history: HistoryRecord[];
  readonly settings: Settings;
  /** Sealed secrets that could not be opened, by keptKey(); written back while the value stays empty. */
  readonly kept: Map<string, SealedSecret>;
  readonly notices: string[];
  /** Write at once: a new file, a migration, dropped records, or plain secrets that can now be encrypted. */
  readonly rewrite: boolean;
  /** False when a bad file could be neither moved nor copied aside: this session then never writes over it. */
  readonly writable: boolean;
}

const MAX_LISTED = 10;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v);

/** The whole-file problem that makes the document unusable, or undefined. */
function shapeProblem(doc: Record<string, unknown>): string | undefined {
  for (const key of ['profiles', 'tokens', 'history'] as const) {
    if (doc[key] !== undefined && !Array.isArray(doc[key])) return `"${key}" is ${kindOf(doc[key])}, expected a list`;
  }
  if (doc.settings !== undefined && !isRecord(doc.settings))
    return `"settings" is ${kindOf(doc.settings)}, expected an object`;
  return undefined;
}

/**
 * Reads the store document, whatever state it is in, and never throws: a file that cannot be used as a whole is
 * moved aside; records that fail their schema are dropped one by one, after a copy of the file is kept. Either way
 * a notice names the files involved.
 */
export function loadStore(backend: KeyValueBackend, box: SecretBox, now: () => number): LoadedStore {
  const notices: string[] = [];
  const read = readDocument(backend);
  if (read.problem !== undefined) return setAside(backend, read.problem, now, notices);
  if (read.doc === undefined) return emptyStore(notices, true);
  const { doc, version } = read;
  // The document is usable from here on; single records may not be.
  const records = loadRecords(doc, box, notices);
  const copies = keepCopies(backend, version, records.dropped, now, notices);
  const rewrite = records.rewrite || version < SCHEMA_VERSION || records.dropped.length > 0;
  return { ...records, notices, rewrite: rewrite && copies.writable, writable: copies.writable };
}

/** The document at its current schema version, nothing stored yet (doc undefined), or why it cannot be used. */
function readDocument(
  backend: KeyValueBackend
):
  | { problem: string; doc?: never }
  | { problem?: never; doc: Record<string, unknown>; version: number }
  | { problem?: never; doc: undefined } {
  let raw: unknown;
  try {
    raw = backend.read();
  } catch (e) {
    return { problem: e instanceof StoreFileError ? e.message : `it cannot be read: ${message(e)}` };
  }
  if (raw === undefined) return { doc: undefined };
  if (!isRecord(raw)) return { problem: `it is ${kindOf(raw)}, expected a JSON object` };
  if (Object.keys(raw).length === 0) return { doc: undefined };
  const version = raw.schemaVersion;
  if (version === undefined) return { problem: 'it has no "schemaVersion"' };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { problem: `"schemaVersion" is ${JSON.stringify(version)}, expected a whole number from 1` };
  if (version > SCHEMA_VERSION)
    return {
      problem: `it was written by a newer OAuth Lab (schema version ${version}; this one reads up to ${SCHEMA_VERSION})`,
    };
  let doc: Record<string, unknown>;
  try {
    doc = migrate(raw, version);
  } catch (e) {
    return { problem: `upgrading it from schema version ${version} failed (${message(e)})` };
  }
  const problem = shapeProblem(doc);
  return problem ? { problem } : { doc, version };
}

function emptyStore(notices: string[], writable: boolean): LoadedStore {
  return {
    profiles: [defaultMockProfile()],
    tokens: [],
    hiddenTokens: [],
    history: [],
    settings: settingsSchema.parse({}),
    kept: new Map(),
    notices,
    rewrite: writable,
    writable,
  };
}

/** A file that cannot be used as a whole is moved aside; if even that fails, it is left alone and never written. */
function setAside(backend: KeyValueBackend, problem: string, now: () => number, notices: string[]): LoadedStore {
  const from = backend.path;
  try {
    const target = asideName(from, 'corrupt', now(), existsSync);
    backend.moveAside(target);
    notices.push(
      `The store file ${from} could not be used: ${problem}. It was moved to ${target}, and OAuth Lab started with defaults.`
    );
    return emptyStore(notices, true);
  } catch (e) {
    notices.push(
      `The store file ${from} could not be used: ${problem}. It could not be moved aside either (${message(e)}), so it is left untouched: OAuth Lab started with defaults and will not save changes in this session.`
    );
    return emptyStore(notices, false);
  }
}

/** Before an upgrade or a rewrite that drops records, a copy of the file as it was; without one, no writes. */
function keepCopies(
  backend: KeyValueBackend,
  version: number,
  dropped: readonly string[],
  now: () => number,
  notices: string[]
): { writable: boolean } {
  let writable = true;
  const keepCopy = (label: string): string | undefined => {
    try {
      const target = asideName(backend.path, label, now(), existsSync);
      backend.copyAside(target);
      return target;
    } catch (e) {
      writable = false;
      notices.push(
        `A copy of ${backend.path} could not be kept (${message(e)}), so the file is left untouched: changes in this session will not be saved.`
      );
      return undefined;
    }
  };
  let copy: string | undefined;
  if (version < SCHEMA_VERSION) {
    copy = keepCopy(`schema-${version}`);
    if (copy)
      notices.push(
        `The store file ${backend.path} was upgraded from schema version ${version} to ${SCHEMA_VERSION}; the file as it was is kept at ${copy}.`
      );
  }
  if (dropped.length) {
    if (writable) copy ??= keepCopy('backup');
    const listed =
      dropped.slice(0, MAX_LISTED).join('; ') +
      (dropped.length > MAX_LISTED ? `; and ${dropped.length - MAX_LISTED} more` : '');
    const one = dropped.length === 1;
    notices.push(
      `${dropped.length} ${one ? 'record' : 'records'} in ${backend.path} did not pass validation and ${one ? 'was' : 'were'} left out: ${listed}.${copy ? ` The file as it was is kept at ${copy}.` : ''}`
    );
  }
  return { writable };
}
