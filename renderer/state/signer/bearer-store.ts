import { createStore } from 'zustand/vanilla';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { Profile } from '../../../shared/store/profile';
import type { SavedToken } from '../../../shared/store/saved-token';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';
import { sendWithSavedToken, type BearerRequestForm, type SignerBearerResult } from './bearer-send';

export interface BearerState {
  /** The profile's saved OAuth 2 tokens (OAuth 1.0a ones are for the signer's other side). */
  savedTokens(profileId: string): Promise<BridgeResult<readonly SavedToken[]>>;
  /** Sends the request with a saved token, refreshing and saving it when it must (bearer-send.ts). */
  send(profile: Profile, baseUrl: string, saved: SavedToken, form: BearerRequestForm): Promise<SignerBearerResult>;
}

export function createBearerStore(deps: RendererDeps) {
  // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
  const dpopNonces = new Map<string, string>();
  return createStore<BearerState>()(() => ({
    savedTokens: async (profileId) => {
      const r = await deps.bridge.tokensList({ profileId });
      return r.ok ? { ok: true, value: r.value.filter((t) => t.kind === 'oauth2') } : r;
    },
    send: (profile, baseUrl, saved, form) => sendWithSavedToken(deps, profile, baseUrl, saved, form, dpopNonces),
  }));
}

export const useBearer = pageStore(createBearerStore);
