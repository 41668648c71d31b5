import type { SavedTokenInput } from '../../../shared/store/saved-token';
import { newRecordId } from '../../../shared/store/record-id';
import { savedTokenSchema } from '../../../shared/store/saved-token';
import { nodeRandom } from '../../services/node-crypto';
import { createAppStore } from '../../services/store';
import { findProfile } from '../saved-credentials';
import { FlowFailure } from './report';

export type FlowTokens = Pick<
  SavedTokenInput,
  'kind' | 'token' | 'tokenSecret' | 'refreshToken' | 'scope' | 'expiresAt'
>;

/**
 * Stores a flow's tokens under a profile of the app's store (the one `oauth-lab web` serves), found by id or by
 * name, through the store's public methods (validation, encryption at rest where available). Returns a line to print.
 */
export async function saveFlowTokens(
  profileRef: string,
  storeDir: string | undefined,
  tokens: FlowTokens
): Promise<string> {
  const store = createAppStore(storeDir === undefined ? {} : { cwd: storeDir });
  try {
    const profile = findProfile(store, profileRef);
    if (!profile)
      throw new FlowFailure(
        'save',
        `--save: there is no profile with the id or name ${JSON.stringify(profileRef)} in ${store.path}; create it in the app first (names: ${store
          .profilesList(undefined)
          .map((p) => JSON.stringify(p.name))
          .join(', ')}).`
      );
    const token = savedTokenSchema.parse({
      ...tokens,
      id: newRecordId(nodeRandom),
      profileId: profile.id,
      obtainedAt: Date.now(),
      label: 'oauth-lab flow',
    });
    store.tokenSave({ token });
    return `Tokens saved under the profile "${profile.name}" in ${store.path}.`;
  } catch (e) {
    if (e instanceof FlowFailure) throw e;
    throw new FlowFailure('save', `the tokens could not be saved: ${(e as Error).message}`);
  }
}
