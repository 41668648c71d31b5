import { z } from 'zod';
import { describeIssues } from '../../shared/schema-issues';
import { historyEntrySchema, type HistoryEntry } from '../../shared/store/history';
import { PROFILE_SECRET_FIELDS, savableProfileSchema, type Profile } from '../../shared/store/profile';
import { savedTokenSchema, TOKEN_SECRET_FIELDS, type SavedToken } from '../../shared/store/saved-token';
import { historyMetaSchema, type HistoryMeta } from './history/history-codec';
import { isSealed, type SealedSecret, type SecretBox } from './secrets';

/*
 * Records between their form in the file (secrets sealed, see secrets.ts) and their form in memory and on the
 * bridge (secrets plain, checked by the contract's schemas). Decoding never throws: a record that does not pass
 * comes back with a problem naming the field, and the loader drops only that record.
 */

type FieldPath = readonly string[];
const PROFILE_SECRETS: readonly FieldPath[] = PROFILE_SECRET_FIELDS;
const TOKEN_SECRETS: readonly FieldPath[] = TOKEN_SECRET_FIELDS.map((f) => [f]);

const LABELS: Readonly<Record<string, string>> = {
  'oauth1.consumerSecret': 'consumer secret',
  'oauth1.rsaPrivateKey': 'RSA private key',
  'oauth2.clientSecret': 'client secret',
  'oauth2.assertionKey': 'private key',
  'oauth2.clientKey': 'client certificate key',
  'oauth2.dpopKey': 'DPoP key',
  token: 'token',
  tokenSecret: 'token secret',
  refreshToken: 'refresh token',
};
/** "consumer secret" for `oauth1.consumerSecret`: notices speak the UI's words. */
export const secretLabel = (field: string) => LABELS[field] ?? field;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A secret that was sealed but cannot be opened now; its sealed form is kept until the user replaces it. */
export interface LostSecret {
  readonly field: string;
  readonly sealed: SealedSecret;
  readonly reason: string;
}

export type Decoded<T> =
  | { readonly ok: true; readonly value: T; readonly lost: readonly LostSecret[]; readonly plainAtRest: boolean }
  | { readonly ok: false; readonly problem: string };

const getAt = (obj: unknown, path: FieldPath): unknown =>
  path.reduce<unknown>((o, k) => (isRecord(o) ? o[k] : undefined), obj);

/** A copy of `obj` with `path` set, copying only the objects along the path (the rest is shared). */
function setAt(obj: Record<string, unknown>, path: FieldPath, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const child = obj[head];
  return { ...obj, [head]: rest.length === 0 ? value : setAt(isRecord(child) ? child : {}, rest, value) };
}

function decodeWithSecrets<T>(
  raw: unknown,
  paths: readonly FieldPath[],
  schema: z.ZodType<T>,
  box: SecretBox
): Decoded<T> {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  let plain = raw;
  const lost: LostSecret[] = [];
  let plainAtRest = false;
  for (const path of paths) {
    const stored = getAt(raw, path);
    if (stored === undefined) continue; // the schema's default applies
    const opened = box.open(stored);
    if (opened.kind === 'invalid') continue; // left as it is, so the schema names the field
    if (opened.kind === 'lost') lost.push({ field: path.join('.'), sealed: opened.sealed, reason: opened.reason });
    else if (opened.kind === 'plain' && opened.value !== '' && box.storage === 'encrypted') plainAtRest = true;
    plain = setAt(plain, path, opened.kind === 'lost' ? '' : opened.value);
  }
  const parsed = schema.safeParse(plain);
  return parsed.success
    ? { ok: true, value: parsed.data, lost, plainAtRest }
    : { ok: false, problem: describeIssues(parsed.error) };
}

/** `kept(field)` gives the sealed form of a lost secret still empty in memory, so it is written back unchanged. */
function encodeWithSecrets(
  value: object,
  paths: readonly FieldPath[],
  box: SecretBox,
  kept: (field: string) => SealedSecret | undefined
): Record<string, unknown> {
  let stored = value as Record<string, unknown>;
  for (const path of paths) {
    const plain = getAt(value, path);
    if (typeof plain !== 'string') continue;
    stored = setAt(stored, path, (plain === '' ? kept(path.join('.')) : undefined) ?? box.seal(plain));
  }
  return stored;
}

export const decodeProfile = (raw: unknown, box: SecretBox) =>
  decodeWithSecrets<Profile>(raw, PROFILE_SECRETS, savableProfileSchema, box);
export const encodeProfile = (p: Profile, box: SecretBox, kept: (field: string) => SealedSecret | undefined) =>
  encodeWithSecrets(p, PROFILE_SECRETS, box, kept);

/** A token whose `token` itself cannot be decrypted cannot be shown (the schema needs it); it is kept in the file as it was. */
export type DecodedToken =
  | Decoded<SavedToken>
  | {
      readonly ok: 'hidden';
      readonly meta: TokenMeta;
      readonly stored: Record<string, unknown>;
      readonly reason: string;
    };
const tokenMetaSchema = z.object({
  id: savedTokenSchema.shape.id,
  profileId: savedTokenSchema.shape.profileId,
  label: z.string().default(''),
});
export type TokenMeta = z.infer<typeof tokenMetaSchema>;

export function decodeToken(raw: unknown, box: SecretBox): DecodedToken {
  const decoded = decodeWithSecrets<SavedToken>(raw, TOKEN_SECRETS, savedTokenSchema, box);
  if (!isRecord(raw)) return decoded;
  const tokenLost = box.open(raw.token);
  if (tokenLost.kind !== 'lost') return decoded;
  const meta = tokenMetaSchema.safeParse(raw);
  return meta.success
    ? { ok: 'hidden', meta: meta.data, stored: raw, reason: tokenLost.reason }
    : { ok: false, problem: describeIssues(meta.error) };
}
export const encodeToken = (t: SavedToken, box: SecretBox, kept: (field: string) => SealedSecret | undefined) =>
  encodeWithSecrets(t, TOKEN_SECRETS, box, kept);

/*
 * History as store.json kept it before it moved to its own files (schema version 2 and older): read once, so it
 * can be moved. The exchange may be sealed as a whole; the rest of the entry is plain.
 */

/** One legacy history entry: `entry` is undefined when its exchange cannot be decrypted (then moved as `stored`). */
export interface HistoryRecord {
  readonly meta: HistoryMeta;
  readonly entry: HistoryEntry | undefined;
  readonly stored: Record<string, unknown>;
}

export type DecodedHistory =
  { readonly ok: true; readonly record: HistoryRecord } | { readonly ok: false; readonly problem: string };

export function decodeHistory(raw: unknown, box: SecretBox): DecodedHistory {
  if (!isRecord(raw)) return { ok: false, problem: 'not an object' };
  const { exchange, ...rest } = raw;
  const meta = historyMetaSchema.safeParse(rest);
  if (!meta.success) return { ok: false, problem: describeIssues(meta.error) };
  if (!isSealed(exchange)) {
    const entry = historyEntrySchema.safeParse(raw);
    return entry.success
      ? { ok: true, record: { meta: meta.data, entry: entry.data, stored: raw } }
      : { ok: false, problem: describeIssues(entry.error) };
  }
  const opened = box.open(exchange);
  if (opened.kind === 'lost') return { ok: true, record: { meta: meta.data, entry: undefined, stored: raw } };
  let parsedJson: unknown;
  try {
    parsedJson = opened.kind === 'invalid' ? undefined : JSON.parse(opened.value);
  } catch {
    return { ok: false, problem: 'exchange: the decrypted exchange is not JSON' };
  }
  const entry = historyEntrySchema.safeParse({ ...rest, exchange: parsedJson });
  return entry.success
    ? { ok: true, record: { meta: meta.data, entry: entry.data, stored: raw } }
    : { ok: false, problem: describeIssues(entry.error) };
}
