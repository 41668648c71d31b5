import { createStore } from 'zustand/vanilla';
import { privateKeyJwtRegistration } from '../../../shared/oauth2/key-registration';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';
import { registeredAtMock } from '../mock-registration';

/** What the profile keeps of a client registered with its own key: its id, its private key (a secret) and the kid. */
export interface RegisteredKey {
  readonly clientId: string;
  readonly assertionKey: string;
  readonly assertionKeyId: string;
}

export interface KeyRegistrationState {
  readonly busy: boolean;
  /** What the last registration did, or why it did not. */
  readonly status: { readonly text: string; readonly ok: boolean } | null;
  /**
   * Makes an ES256 key in the host (as a DPoP key is made: bridge dpopKey) and registers its public half at the mock
   * (`baseUrl`) as a private_key_jwt client for `redirectUri`; what the profile keeps, or null (`status` says why).
   */
  keyRegistered(baseUrl: string, redirectUri: string): Promise<RegisteredKey | null>;
}

/** The profile form's "Make a key and register it at the mock" (RFC 7591 §3.1, RFC 7523 §2.2). */
function createKeyRegistrationStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  return createStore<KeyRegistrationState>()((set) => ({
    busy: false,
    status: null,
    async keyRegistered(baseUrl, redirectUri) {
      set({ busy: true, status: null });
      const fail = (text: string) => (set({ busy: false, status: { ok: false, text } }), null);
      const made = await bridge.dpopKey({ key: '', alg: 'ES256' });
      if (!made.ok) return fail(`No key was made: ${made.error.message}`);
      // The RFC 7638 thumbprint names the key: the assertion's kid, the registered key's kid.
      const { key, alg, publicJwk, thumbprint: kid } = made.value;
      const registered = await registeredAtMock(
        bridge,
        baseUrl,
        privateKeyJwtRegistration(redirectUri, publicJwk, kid, alg)
      );
      if (!registered.ok) return fail(registered.error.message);
      const clientId = String(registered.value.client_id);
      set({
        busy: false,
        status: {
          ok: true,
          text: `Registered at the mock as client ${clientId} (private_key_jwt, ${alg}, kid ${kid}); save the profile to keep it.`,
        },
      });
      return { clientId, assertionKey: key, assertionKeyId: kid };
    },
  }));
}

export const useKeyRegistration = pageStore(createKeyRegistrationStore);
