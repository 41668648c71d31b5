import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MOCK_PROFILE_ID, type Profile } from '../../shared/store/profile';
import type { SavedToken } from '../../shared/store/saved-token';
import { createAppStore, type AppStore } from './app-store';
import { createFileBackend, perUserStoreDirectory, STORE_FILE_NAME } from './file-backend';
import { writeFileDurably } from './durable-write';
import { exportProfiles } from './profile-transfer';

/** The file, beside the desktop app's store, that names what was taken from the per-user store. */
export const CLI_IMPORT_LEDGER = 'cli-import.json';

/** The label an imported token gets when it has none, so the user can tell where it came from. */
export const IMPORTED_TOKEN_LABEL = 'saved by the CLI';

const ledgerSchema = z.object({
  /** Per-user store profile id → the desktop app's id for it. */
  profiles: z.record(z.string(), z.string()).default({}),
  /** Per-user store token ids already taken in (or left aside because their profile is gone from the app). */
  tokens: z.array(z.string()).default([]),
});
type Ledger = z.infer<typeof ledgerSchema>;

export interface CliStoreImport {
  readonly profiles: number;
  readonly tokens: number;
  /** What the user should know: what was taken in and from where, or why something was not. */
  readonly notices: readonly string[];
}

/** The store the CLI and browser mode share (the per-user directory), when it exists: never created from here. */
export function openPerUserStore(): AppStore | null {
  if (!existsSync(join(perUserStoreDirectory(), STORE_FILE_NAME))) return null;
  return createAppStore({ backend: createFileBackend() });
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function readLedger(path: string): Ledger {
  if (!existsSync(path)) return ledgerSchema.parse({});
  const parsed = ledgerSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a ledger of imports; move it aside to import again`);
  return parsed.data;
}

/** Profiles the app does not have yet, each through the profiles import (a free name and id when taken). */
function importProfiles(app: AppStore, profiles: readonly Profile[], ledger: Ledger, notices: string[]): number {
  let count = 0;
  const appIds = new Set(app.profilesList(undefined).map((p) => p.id));
  for (const p of profiles) {
    if (p.builtIn || ledger.profiles[p.id] !== undefined) continue;
    // The same id is the same profile (an earlier export and import): its tokens go to it.
    if (appIds.has(p.id)) {
      ledger.profiles[p.id] = p.id;
      continue;
    }
    try {
      const [imported] = app.profilesImport({ json: exportProfiles([p], true) }).imported;
      ledger.profiles[p.id] = imported!.id;
      count++;
    } catch (e) {
      notices.push(`The profile "${p.name}" of the CLI's store was not taken in: ${message(e)}`);
    }
  }
  return count;
}

/** Tokens not taken before, under the app's copy of their profile, their secrets sealed as the app seals its own. */
function importTokens(app: AppStore, tokens: readonly SavedToken[], ledger: Ledger): number {
  let count = 0;
  const appIds = new Set(app.profilesList(undefined).map((p) => p.id));
  const taken = new Set(ledger.tokens);
  const appTokens = new Set(app.tokensList(undefined).map((t) => t.id));
  for (const t of tokens) {
    if (taken.has(t.id)) continue;
    ledger.tokens.push(t.id);
    const profileId = t.profileId === MOCK_PROFILE_ID ? MOCK_PROFILE_ID : ledger.profiles[t.profileId];
    // Its profile was deleted in the app (or never taken in), or the app has it already: nothing to add.
    if (profileId === undefined || !appIds.has(profileId) || appTokens.has(t.id)) continue;
    app.tokenSave({ token: { ...t, profileId, label: t.label || IMPORTED_TOKEN_LABEL } });
    count++;
  }
  return count;
}

/**
 * One place for saved tokens: the desktop app seals its store with the OS keychain (safeStorage) in its own
 * directory, while the CLI and browser mode share the per-user store (a 0600 file). On start the app takes in the
 * per-user store's profiles and tokens it has not taken before, saved through its own store, so their secrets are
 * sealed like its own. The per-user store is left as it is (the CLI and browser mode go on using it); the ledger
 * beside the app's store names what was taken, so nothing is taken twice and what the user deletes in the app
 * does not come back. Never throws: a problem is a notice, and the app starts regardless.
 */
export function importCliStore({
  app,
  openCliStore,
  ledgerPath,
}: {
  readonly app: AppStore;
  readonly openCliStore: () => AppStore | null;
  readonly ledgerPath: string;
}): CliStoreImport {
  const notices: string[] = [];
  try {
    const cli = openCliStore();
    if (!cli) return { profiles: 0, tokens: 0, notices };
    const ledger = readLedger(ledgerPath);
    const before = JSON.stringify(ledger);
    const profiles = importProfiles(app, cli.profilesList(undefined), ledger, notices);
    const tokens = importTokens(app, cli.tokensList(undefined), ledger);
    if (JSON.stringify(ledger) !== before)
      writeFileDurably(ledgerPath, `${JSON.stringify(ledger, null, 2)}\n`, { mode: 0o600 });
    if (profiles || tokens)
      notices.push(
        `Took in ${profiles} profile${profiles === 1 ? '' : 's'} and ${tokens} saved token${tokens === 1 ? '' : 's'} from the store the CLI and browser mode use (${cli.path}); their secrets are now kept in this app's store too. Tokens the CLI saves later are taken in at the next start.`
      );
    return { profiles, tokens, notices };
  } catch (e) {
    notices.push(`The profiles and tokens saved by the CLI could not be taken in: ${message(e)}.`);
    return { profiles: 0, tokens: 0, notices };
  }
}
