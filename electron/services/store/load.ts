import { existsSync } from 'node:fs';
import { MOCK_PROFILE_ID, type Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import { settingsSchema, type Settings } from '../../../shared/store/settings';
import { describeIssues } from '../../../shared/schema-issues';
import { asideName, StoreFileError, type KeyValueBackend } from './backend';
import {
  decodeHistory,
  decodeProfile,
  decodeToken,
  isRecord,
  secretLabel,
  type HistoryRecord,
  type LostSecret,
  type TokenMeta,
} from './codec';
import { migrate, SCHEMA_VERSION } from './migrations';
import { defaultMockProfile } from './mock-profile';
import type { SealedSecret, SecretBox } from './secrets';

/** A saved token whose token value cannot be decrypted: kept in the file as it was, not listed. */
export interface HiddenToken {
  readonly meta: TokenMeta;
  readonly stored: Record<string, unknown>;
}

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

export const keptKey = (kind: 'profile' | 'token', id: string, field: string) => `${kind}:${id}:${field}`;

const KNOWN_KEYS = new Set(['schemaVersion', 'profiles', 'tokens', 'history', 'settings']);
const MAX_LISTED = 10;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v);
const nameOf = (raw: unknown) => (isRecord(raw) && typeof raw.name === 'string' ? ` ("${raw.name}")` : '');
const words = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The whole-file problem that makes the document unusable, or undefined. */
function shapeProblem(doc: Record<string, unknown>): string | undefined {
  for (const key of ['profiles', 'tokens', 'history'] as const) {
    if (doc[key] !== undefined && !Array.isArray(doc[key])) return `"${key}" is ${kindOf(doc[key])}, expected a list`;
  }
  if (doc.settings !== undefined && !isRecord(doc.settings))
    return `"settings" is ${kindOf(doc.settings)}, expected an object`;
  return undefined;
}

const lostNotice = (who: string, lost: readonly LostSecret[]) =>
  `${who} lost its ${words(lost.map((l) => secretLabel(l.field)))}: ${lost[0]!.reason}. Enter ${lost.length > 1 ? 'them' : 'it'} again; until then the encrypted value${lost.length > 1 ? 's stay' : ' stays'} in the file.`;

/**
 * Reads the store document, whatever state it is in, and never throws: a file that cannot be used as a whole is
 * moved aside; records that fail their schema are dropped one by one, after a copy of the file is kept. Either way
 * a notice names the files involved.
 */
export function loadStore(backend: KeyValueBackend, box: SecretBox, now: () => number): LoadedStore {
  const notices: string[] = [];
  const defaults = (writable: boolean): LoadedStore => ({
    profiles: [defaultMockProfile()],
    tokens: [],
    hiddenTokens: [],
    history: [],
    settings: settingsSchema.parse({}),
    kept: new Map(),
    notices,
    rewrite: writable,
    writable,
  });

  const setAside = (problem: string): LoadedStore => {
    const from = backend.path;
    try {
      const target = asideName(from, 'corrupt', now(), existsSync);
      backend.moveAside(target);
      notices.push(
        `The store file ${from} could not be used: ${problem}. It was moved to ${target}, and OAuth Lab started with defaults.`
      );
      return defaults(true);
    } catch (e) {
      notices.push(
        `The store file ${from} could not be used: ${problem}. It could not be moved aside either (${message(e)}), so it is left untouched: OAuth Lab started with defaults and will not save changes in this session.`
      );
      return defaults(false);
    }
  };

  let raw: unknown;
  try {
    raw = backend.read();
  } catch (e) {
    return setAside(e instanceof StoreFileError ? e.message : `it cannot be read: ${message(e)}`);
  }
  if (raw === undefined) return defaults(true);
  if (!isRecord(raw)) return setAside(`it is ${kindOf(raw)}, expected a JSON object`);
  if (Object.keys(raw).length === 0) return defaults(true);
  const version = raw.schemaVersion;
  if (version === undefined) return setAside('it has no "schemaVersion"');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return setAside(`"schemaVersion" is ${JSON.stringify(version)}, expected a whole number from 1`);
  if (version > SCHEMA_VERSION)
    return setAside(
      `it was written by a newer OAuth Lab (schema version ${version}; this one reads up to ${SCHEMA_VERSION})`
    );
  let doc: Record<string, unknown>;
  try {
    doc = migrate(raw, version);
  } catch (e) {
    return setAside(`upgrading it from schema version ${version} failed (${message(e)})`);
  }
  const problem = shapeProblem(doc);
  if (problem) return setAside(problem);

  // The document is usable from here on; single records may not be.
  const dropped: string[] = [];
  const kept = new Map<string, SealedSecret>();
  let rewrite = version < SCHEMA_VERSION;
  for (const key of Object.keys(doc)) if (!KNOWN_KEYS.has(key)) dropped.push(`"${key}": not part of the store`);

  const profiles: Profile[] = [];
  (doc.profiles as unknown[] | undefined)?.forEach((rawProfile, i) => {
    const d = decodeProfile(rawProfile, box);
    const label = `profiles[${i}]${nameOf(rawProfile)}`;
    if (!d.ok) return void dropped.push(`${label}: ${d.problem}`);
    const p = d.value.id === MOCK_PROFILE_ID ? { ...d.value, builtIn: true } : d.value;
    if (profiles.some((q) => q.id === p.id))
      return void dropped.push(`${label}: the id "${p.id}" appears more than once`);
    if (p.builtIn && p.id !== MOCK_PROFILE_ID)
      return void dropped.push(`${label}: only the mock profile ("${MOCK_PROFILE_ID}") is built in`);
    profiles.push(p);
    rewrite ||= d.plainAtRest;
    for (const l of d.lost) kept.set(keptKey('profile', p.id, l.field), l.sealed);
    if (d.lost.length) notices.push(lostNotice(`Profile "${p.name}"`, d.lost));
  });
  const mockAt = profiles.findIndex((p) => p.id === MOCK_PROFILE_ID);
  if (mockAt !== 0) {
    rewrite = true;
    profiles.unshift(mockAt > 0 ? profiles.splice(mockAt, 1)[0]! : defaultMockProfile());
  }
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name ?? id;

  const tokens: SavedToken[] = [];
  const hiddenTokens: HiddenToken[] = [];
  const tokenIds = new Set<string>();
  (doc.tokens as unknown[] | undefined)?.forEach((rawToken, i) => {
    const d = decodeToken(rawToken, box);
    if (d.ok === false) return void dropped.push(`tokens[${i}]: ${d.problem}`);
    const id = d.ok === 'hidden' ? d.meta.id : d.value.id;
    if (tokenIds.has(id)) return void dropped.push(`tokens[${i}]: the id "${id}" appears more than once`);
    tokenIds.add(id);
    if (d.ok === 'hidden') {
      hiddenTokens.push({ meta: d.meta, stored: d.stored });
      notices.push(
        `The saved token "${d.meta.label || id}" of profile "${profileName(d.meta.profileId)}" is not listed: ${d.reason}. It stays in the file in case the keychain comes back.`
      );
      return;
    }
    tokens.push(d.value);
    rewrite ||= d.plainAtRest;
    for (const l of d.lost) kept.set(keptKey('token', id, l.field), l.sealed);
    if (d.lost.length)
      notices.push(
        lostNotice(`The saved token "${d.value.label || id}" of profile "${profileName(d.value.profileId)}"`, d.lost)
      );
  });

  // History from before it moved to its own files: handed over to be moved (see history/history-methods.ts).
  const history: HistoryRecord[] = [];
  const historyIds = new Set<string>();
  (doc.history as unknown[] | undefined)?.forEach((rawEntry, i) => {
    const d = decodeHistory(rawEntry, box);
    if (!d.ok) return void dropped.push(`history[${i}]: ${d.problem}`);
    if (historyIds.has(d.record.meta.id))
      return void dropped.push(`history[${i}]: the id "${d.record.meta.id}" appears more than once`);
    historyIds.add(d.record.meta.id);
    history.push(d.record);
  });

  let settings = settingsSchema.parse({});
  const parsedSettings = settingsSchema.safeParse(doc.settings ?? {});
  if (parsedSettings.success) settings = parsedSettings.data;
  else dropped.push(`settings: ${describeIssues(parsedSettings.error, '(settings)')} (settings reset to defaults)`);
  if (!profiles.some((p) => p.id === settings.activeProfileId))
    settings = { ...settings, activeProfileId: MOCK_PROFILE_ID };

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
    rewrite = true;
  }
  return { profiles, tokens, hiddenTokens, history, settings, kept, notices, rewrite: rewrite && writable, writable };
}
