import { z } from 'zod';
import { describeIssues } from '../../shared/schema-issues';
import { PROFILE_SECRET_FIELDS, savableProfileSchema, type Profile } from '../../shared/store/profile';
import { invalidInput } from './backend';

/** Profiles as a JSON file a user can keep, share or move to another machine. */
export const EXPORT_FORMAT = 'oauth-lab-profiles';
const EXPORT_VERSION = 1;

const exportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT, `expected "${EXPORT_FORMAT}" (a profiles export from OAuth Lab)`),
  version: z.literal(EXPORT_VERSION, `expected ${EXPORT_VERSION}, the only export version there is`),
  profiles: z.array(savableProfileSchema).max(1000, 'an export holds at most 1000 profiles'),
});

/** The profile with every secret field emptied (PROFILE_SECRET_FIELDS). */
function withoutSecrets(p: Profile): Profile {
  let out = p;
  for (const [group, field] of PROFILE_SECRET_FIELDS) out = { ...out, [group]: { ...out[group], [field]: '' } };
  return out;
}

export function exportProfiles(profiles: readonly Profile[], includeSecrets: boolean): string {
  return JSON.stringify(
    {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      profiles: includeSecrets ? profiles : profiles.map(withoutSecrets),
    },
    null,
    2
  );
}

/** "X", "X (2)", "X (3)"…: the first name not taken, kept within the schema's 80 characters. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const base = name.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = base.slice(0, 80 - suffix.length).trimEnd() + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The profiles an import adds: checked as a whole (nothing is added when any profile is wrong, and the message
 * names it), with a new id where the id is taken and a new name where the name is taken. `renamed` says
 * `"X" → "X (2)"` for each renamed profile, for the UI to show.
 */
export function planImport(
  json: string,
  existing: readonly Profile[],
  newId: () => string
): { imported: Profile[]; renamed: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw invalidInput(
      `The import is not JSON (${(e as Error).message}); expected a profiles export from OAuth Lab ({"format": "${EXPORT_FORMAT}", "version": 1, "profiles": [...]}).`
    );
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success)
    throw invalidInput(`The import is not a valid profiles export: ${describeIssues(parsed.error)}.`);
  const builtIn = parsed.data.profiles.findIndex((p) => p.builtIn);
  if (builtIn >= 0)
    throw invalidInput(
      `The import is not a valid profiles export: profiles[${builtIn}].builtIn: only OAuth Lab's own mock profile is built in; an import must not contain one.`
    );

  const ids = new Set(existing.map((p) => p.id));
  const names = new Set(existing.map((p) => p.name));
  const imported: Profile[] = [];
  const renamed: string[] = [];
  for (const p of parsed.data.profiles) {
    let id = p.id;
    while (ids.has(id)) id = newId();
    const name = freeName(p.name, names);
    if (name !== p.name) renamed.push(`"${p.name}" → "${name}"`);
    ids.add(id);
    names.add(name);
    imported.push({ ...p, id, name });
  }
  return { imported, renamed };
}
