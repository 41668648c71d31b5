import type { SavedBearer } from '../../shared/flows';
import type { Profile } from '../../shared/store/profile';
import { newRecordId } from '../../shared/store/record-id';
import type { SavedToken } from '../../shared/store/saved-token';
import { nodeRandom } from '../services/node-crypto';
import { createAppStore, type AppStore } from '../services/store';
import { UsageError } from './io';

/** A profile of the app's store with its newest saved token, and a way to save a refreshed one next to it. */
export interface SavedCredentials {
  readonly profile: Profile;
  readonly token: SavedToken | null;
  saveRefreshed(token: SavedBearer): string;
}

/** Finds a profile by id, then by name; its tokens newest first (tokensList's order). */
export function findProfile(store: AppStore, ref: string): Profile | undefined {
  const profiles = store.profilesList(undefined);
  return profiles.find((p) => p.id === ref) ?? profiles.find((p) => p.name === ref);
}

export function openSavedCredentials(ref: string, storeDir: string | undefined): SavedCredentials {
  const store = createAppStore(storeDir === undefined ? {} : { cwd: storeDir });
  const profile = findProfile(store, ref);
  if (!profile)
    throw new UsageError(`--profile: there is no profile with the id or name ${JSON.stringify(ref)} in ${store.path}.`);
  const token = store.tokensList({ profileId: profile.id })[0] ?? null;
  return {
    profile,
    token,
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
