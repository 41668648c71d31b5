import type { SavedBearer } from '../../shared/flows';
import type { Profile } from '../../shared/store/profile';
import { newRecordId } from '../../shared/store/record-id';
import type { SavedToken } from '../../shared/store/saved-token';
import { nodeRandom } from '../../platform/node/node-crypto';
import { createAppStore, type AppStore } from '../store';
import { KIND_NAMES, type TokenNeed } from './call-token-kind';
import { UsageError } from './io';

/** A profile of the app's store with the saved token a call uses, and a way to save a refreshed one next to it. */
export interface SavedCredentials {
  readonly profile: Profile;
  readonly token: SavedToken | null;
  /** Which token is used and why, for stderr; null when the profile has none. */
  readonly tokenNote: string | null;
  /** The other saved tokens' ids, to name when the one used is refused. */
  readonly otherTokenIds: readonly string[];
  saveRefreshed(token: SavedBearer): string;
}

/** Usable as far as the client can tell: not past its expiry, or refreshable (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)). */
const live = (t: SavedToken, now: number) => t.expiresAt === null || t.expiresAt > now || t.refreshToken !== '';

/**
 * The saved token a call uses: the one `--token-id` names, else the newest live one of the kind the request needs
 * (any kind when nothing says), else the newest of that kind. Whether the server has revoked or deauthorized a
 * token only the server knows, so the choice is said, with how to pick another.
 */
function chooseSavedToken(
  profile: Profile,
  all: readonly SavedToken[],
  tokenId: string | undefined,
  need: TokenNeed | null,
  now: number
): { token: SavedToken | null; note: string | null } {
  if (tokenId !== undefined) {
    const named = all.find((t) => t.id === tokenId);
    if (!named)
      throw new UsageError(
        `--token-id ${JSON.stringify(tokenId)}: the profile has no saved token with this id; its tokens: ${all.map((t) => t.id).join(', ') || 'none'}.`
      );
    return { token: named, note: describe(named, 'named by --token-id', all.length) };
  }
  const tokens = need ? all.filter((t) => t.kind === need.kind) : all;
  if (need && tokens.length === 0 && all.length > 0)
    throw new UsageError(
      `the profile "${profile.name}" has no saved ${KIND_NAMES[need.kind]} token (${need.why}); its saved tokens: ${all.map((t) => `${t.id} (${KIND_NAMES[t.kind]})`).join(', ')}. Run oauth-lab flow ${need.kind} ... --save "${profile.name}" first, or pick one with --token-id.`
    );
  const token = tokens.find((t) => live(t, now)) ?? tokens[0] ?? null;
  if (!token) return { token: null, note: null };
  const one = need ? ` ${KIND_NAMES[need.kind]} one` : '';
  const because = need ? `: ${need.why}` : '';
  const why = !live(token, now)
    ? `none is live: the newest${one}, expired${because}`
    : token === tokens[0]
      ? `the newest${one}${because}`
      : `the newest live${one || ' one'}${because}`;
  return { token, note: describe(token, why, all.length) };
}

function describe(t: SavedToken, why: string, count: number): string {
  const expiry = t.expiresAt === null ? 'no expiry given' : `expires ${new Date(t.expiresAt).toISOString()}`;
  return `Using the saved ${KIND_NAMES[t.kind]} token ${t.id} (${why}; obtained ${new Date(t.obtainedAt).toISOString()}, ${expiry}${t.label ? `, "${t.label}"` : ''})${count > 1 ? `; --token-id ID picks another of the ${count} saved` : ''}.`;
}

/** Finds a profile by id, then by name; its tokens newest first (tokensList's order). */
export function findProfile(store: AppStore, ref: string): Profile | undefined {
  const profiles = store.profilesList(undefined);
  return profiles.find((p) => p.id === ref) ?? profiles.find((p) => p.name === ref);
}

/** `needOf`: the kind of token the request needs with this profile (call-token-kind.ts), or null for any. */
export function openSavedCredentials(
  ref: string,
  storeDir: string | undefined,
  tokenId: string | undefined,
  needOf: (profile: Profile) => TokenNeed | null
): SavedCredentials {
  const store = createAppStore(storeDir === undefined ? {} : { cwd: storeDir });
  const profile = findProfile(store, ref);
  if (!profile)
    throw new UsageError(`--profile: there is no profile with the id or name ${JSON.stringify(ref)} in ${store.path}.`);
  const tokens = store.tokensList({ profileId: profile.id });
  const { token, note } = chooseSavedToken(profile, tokens, tokenId, needOf(profile), Date.now());
  return {
    profile,
    token,
    tokenNote: note,
    otherTokenIds: tokens.filter((t) => t !== token).map((t) => t.id),
    saveRefreshed(t) {
      // The refreshed token replaces the one it came from (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6): the old access token is done with).
      store.tokenSave({
        token: {
          id: token?.kind === 'oauth2' ? token.id : newRecordId(nodeRandom),
          profileId: profile.id,
          kind: 'oauth2',
          token: t.accessToken,
          tokenSecret: '',
          refreshToken: t.refreshToken ?? '',
          scope: t.scope ?? '',
          obtainedAt: Date.now(),
          expiresAt: t.expiresAt,
          label: 'oauth-lab call (refreshed)',
        },
      });
      return `The refreshed tokens are saved under the profile "${profile.name}".`;
    },
  };
}
