import { MOCK_PROFILE_ID, type Profile } from '../../shared/store/profile';
import type { SavedToken } from '../../shared/store/saved-token';
import { settingsSchema, type Settings } from '../../shared/store/settings';
import { describeIssues } from '../../shared/schema-issues';
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
import { defaultMockProfile, withMockClientKey } from './mock-profile';
import type { SealedSecret, SecretBox } from './secrets';

/** A saved token whose token value cannot be decrypted: kept in the file as it was, not listed. */
export interface HiddenToken {
  readonly meta: TokenMeta;
  readonly stored: Record<string, unknown>;
}

export const keptKey = (kind: 'profile' | 'token', id: string, field: string) => `${kind}:${id}:${field}`;

const KNOWN_KEYS = new Set(['schemaVersion', 'profiles', 'tokens', 'history', 'settings']);

/** What reading the records finds besides them: records dropped (with why), notices, secrets kept sealed. */
interface Findings {
  readonly dropped: string[];
  readonly notices: string[];
  readonly kept: Map<string, SealedSecret>;
  /** Plain secrets at rest that can now be encrypted, or a mock profile to put first: write at once. */
  rewrite: boolean;
}

export interface LoadedRecords {
  readonly profiles: Profile[];
  readonly tokens: SavedToken[];
  readonly hiddenTokens: HiddenToken[];
  readonly history: HistoryRecord[];
  readonly settings: Settings;
  readonly kept: Map<string, SealedSecret>;
  readonly dropped: readonly string[];
  readonly rewrite: boolean;
}

const nameOf = (raw: unknown) => (isRecord(raw) && typeof raw.name === 'string' ? ` ("${raw.name}")` : '');
const words = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const lostNotice = (who: string, lost: readonly LostSecret[]) =>
  `${who} lost its ${words(lost.map((l) => secretLabel(l.field)))}: ${lost[0]!.reason}. Enter ${lost.length > 1 ? 'them' : 'it'} again; until then the encrypted value${lost.length > 1 ? 's stay' : ' stays'} in the file.`;

const demoKeyNotice = (who: string, restored: LostSecret) =>
  `${who} has its client's demo private key again, in place of the saved one: ${restored.reason}. A key of your own that was there must be entered again.`;

/**
 * The secrets of a profile that could not be decrypted, apart from the built-in profile's private key when its
 * client's demo key was put back in its place (withMockClientKey): that one is not lost.
 */
function lostOrRestored(decoded: Profile, loaded: Profile, lost: readonly LostSecret[]) {
  const keyRestored = loaded.oauth2.assertionKey !== decoded.oauth2.assertionKey;
  const restored = keyRestored ? lost.find((l) => l.field === 'oauth2.assertionKey') : undefined;
  return { lost: lost.filter((l) => l !== restored), restored };
}

/** Each record of a usable document, decoded one by one: one that fails its schema is dropped and named. */
export function loadRecords(doc: Record<string, unknown>, box: SecretBox, notices: string[]): LoadedRecords {
  const found: Findings = { dropped: [], notices, kept: new Map(), rewrite: false };
  for (const key of Object.keys(doc)) if (!KNOWN_KEYS.has(key)) found.dropped.push(`"${key}": not part of the store`);
  const profiles = loadProfiles(doc.profiles as unknown[] | undefined, box, found);
  const { tokens, hiddenTokens } = loadTokens(doc.tokens as unknown[] | undefined, box, profiles, found);
  const history = loadHistory(doc.history as unknown[] | undefined, box, found);
  const settings = loadSettings(doc.settings, profiles, found);
  return { profiles, tokens, hiddenTokens, history, settings, ...found };
}

function loadProfiles(list: unknown[] | undefined, box: SecretBox, found: Findings): Profile[] {
  const profiles: Profile[] = [];
  list?.forEach((rawProfile, i) => {
    const d = decodeProfile(rawProfile, box);
    const label = `profiles[${i}]${nameOf(rawProfile)}`;
    if (!d.ok) return void found.dropped.push(`${label}: ${d.problem}`);
    const p = d.value.id === MOCK_PROFILE_ID ? withMockClientKey({ ...d.value, builtIn: true }) : d.value;
    if (profiles.some((q) => q.id === p.id))
      return void found.dropped.push(`${label}: the id "${p.id}" appears more than once`);
    if (p.builtIn && p.id !== MOCK_PROFILE_ID)
      return void found.dropped.push(`${label}: only the mock profile ("${MOCK_PROFILE_ID}") is built in`);
    profiles.push(p);
    found.rewrite ||= d.plainAtRest;
    const { lost, restored } = lostOrRestored(d.value, p, d.lost);
    for (const l of lost) found.kept.set(keptKey('profile', p.id, l.field), l.sealed);
    if (lost.length) found.notices.push(lostNotice(`Profile "${p.name}"`, lost));
    if (restored) found.notices.push(demoKeyNotice(`Profile "${p.name}"`, restored));
  });
  const mockAt = profiles.findIndex((p) => p.id === MOCK_PROFILE_ID);
  if (mockAt !== 0) {
    found.rewrite = true;
    profiles.unshift(mockAt > 0 ? profiles.splice(mockAt, 1)[0]! : defaultMockProfile());
  }
  return profiles;
}

function loadTokens(
  list: unknown[] | undefined,
  box: SecretBox,
  profiles: readonly Profile[],
  found: Findings
): { tokens: SavedToken[]; hiddenTokens: HiddenToken[] } {
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name ?? id;
  const tokens: SavedToken[] = [];
  const hiddenTokens: HiddenToken[] = [];
  const tokenIds = new Set<string>();
  list?.forEach((rawToken, i) => {
    const d = decodeToken(rawToken, box);
    if (d.ok === false) return void found.dropped.push(`tokens[${i}]: ${d.problem}`);
    const id = d.ok === 'hidden' ? d.meta.id : d.value.id;
    if (tokenIds.has(id)) return void found.dropped.push(`tokens[${i}]: the id "${id}" appears more than once`);
    tokenIds.add(id);
    if (d.ok === 'hidden') {
      hiddenTokens.push({ meta: d.meta, stored: d.stored });
      found.notices.push(
        `The saved token "${d.meta.label || id}" of profile "${profileName(d.meta.profileId)}" is not listed: ${d.reason}. It stays in the file in case the keychain comes back.`
      );
      return;
    }
    tokens.push(d.value);
    found.rewrite ||= d.plainAtRest;
    for (const l of d.lost) found.kept.set(keptKey('token', id, l.field), l.sealed);
    if (d.lost.length)
      found.notices.push(
        lostNotice(`The saved token "${d.value.label || id}" of profile "${profileName(d.value.profileId)}"`, d.lost)
      );
  });
  return { tokens, hiddenTokens };
}

/** History from before it moved to its own files: handed over to be moved (see history/history-methods.ts). */
function loadHistory(list: unknown[] | undefined, box: SecretBox, found: Findings): HistoryRecord[] {
  const history: HistoryRecord[] = [];
  const historyIds = new Set<string>();
  list?.forEach((rawEntry, i) => {
    const d = decodeHistory(rawEntry, box);
    if (!d.ok) return void found.dropped.push(`history[${i}]: ${d.problem}`);
    if (historyIds.has(d.record.meta.id))
      return void found.dropped.push(`history[${i}]: the id "${d.record.meta.id}" appears more than once`);
    historyIds.add(d.record.meta.id);
    history.push(d.record);
  });
  return history;
}

function loadSettings(raw: unknown, profiles: readonly Profile[], found: Findings): Settings {
  let settings = settingsSchema.parse({});
  const parsed = settingsSchema.safeParse(raw ?? {});
  if (parsed.success) settings = parsed.data;
  else found.dropped.push(`settings: ${describeIssues(parsed.error, '(settings)')} (settings reset to defaults)`);
  if (!profiles.some((p) => p.id === settings.activeProfileId))
    settings = { ...settings, activeProfileId: MOCK_PROFILE_ID };
  return settings;
}
