import { profileSchema, type Profile } from '../../../shared/store/profile';
import type { SavedTokenInput } from '../../../shared/store/saved-token';
import { newRecordId } from '../../../shared/store/record-id';
import { savedTokenSchema } from '../../../shared/store/saved-token';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { createAppStore, type AppStore } from '../../store';
import { UsageError } from '../io';
import { findProfile } from '../saved-credentials';
import { FlowFailure } from './report';

export type FlowTokens = Pick<
  SavedTokenInput,
  'kind' | 'token' | 'tokenSecret' | 'refreshToken' | 'scope' | 'expiresAt'
>;

/** What a flow obtained: the token response's fields as printed, and the tokens as saved. */
export interface ObtainedTokens {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly tokens: FlowTokens;
}

/** Where `--save` puts a flow's tokens: a profile of the app's store, found now, created from the flags if missing. */
export interface FlowSaveTarget {
  /** What the user should know before the browser opens (the profile will be created), or null. */
  readonly notice: string | null;
  /** Stores the tokens (creating the profile first when it was missing); returns a line to print. */
  save(tokens: FlowTokens): string;
}

/**
 * Opens the store `--save` names before the flow starts, so a store that cannot be read fails before the browser
 * opens. A profile named by id or name is used as it is; when none has that name, the flow's own settings (the
 * flags, secrets included: the store encrypts them at rest where it can) become a new profile of that name once
 * the tokens arrive, so tokens obtained are never dropped for want of a profile.
 */
export function openFlowSaveTarget(
  profileRef: string,
  storeDir: string | undefined,
  flowProfile: Profile,
  /** The command that got the tokens, as the saved token's label says (Profiles): `oauth-lab flow oauth2`. */
  label: string
): FlowSaveTarget {
  let store: AppStore;
  try {
    store = createAppStore(storeDir === undefined ? {} : { cwd: storeDir });
  } catch (e) {
    throw new UsageError(
      `--save: the app's store cannot be opened (--store-dir to use another): ${(e as Error).message}`
    );
  }
  const existing = findProfile(store, profileRef);
  const name = profileSchema.shape.name.safeParse(profileRef);
  if (!existing && !name.success)
    throw new UsageError(
      `--save ${JSON.stringify(profileRef)}: no profile has this id or name, and it cannot name a new one: ${name.error.issues[0]!.message}.`
    );
  return {
    notice: existing
      ? null
      : `--save: no profile has the id or name ${JSON.stringify(profileRef)} in ${store.path}; it will be created from this flow's settings when the tokens arrive.`,
    save(tokens) {
      try {
        let profile = findProfile(store, profileRef);
        let created = '';
        if (!profile) {
          profile = {
            ...flowProfile,
            id: newRecordId(nodeRandom, 'p-'),
            name: name.data ?? profileRef,
            builtIn: false,
          };
          store.profileSave({ profile });
          created = `Created the profile "${profile.name}" from this flow's settings. `;
        }
        const token = savedTokenSchema.parse({
          ...tokens,
          id: newRecordId(nodeRandom),
          profileId: profile.id,
          obtainedAt: Date.now(),
          label,
        });
        store.tokenSave({ token });
        return `${created}Tokens saved under the profile "${profile.name}" in ${store.path}.`;
      } catch (e) {
        throw new FlowFailure('save', `the tokens could not be saved: ${(e as Error).message}`);
      }
    },
  };
}
