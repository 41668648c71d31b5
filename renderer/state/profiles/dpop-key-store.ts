import { createStore } from 'zustand/vanilla';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';

export interface DpopKeyState {
  /** What the host read of the key in the form: its algorithm and RFC 7638 thumbprint, or why it cannot be read. */
  readonly read: { readonly text: string; readonly ok: boolean } | null;
  /** Reads `key` in the host (the private key never meets the page's crypto); the latest call wins. */
  keyRead(key: string): Promise<void>;
  /** A new ES256 key made by the host, to keep with the profile as a secret; null when it could not be made. */
  keyMade(): Promise<string | null>;
}

/** The profile form's DPoP key (RFC 9449 §4.2), read and made through the bridge's dpopKey. */
function createDpopKeyStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  let latest = 0;
  return createStore<DpopKeyState>()((set) => ({
    read: null,
    async keyRead(key) {
      const call = ++latest;
      if (!key.trim()) return set({ read: null });
      const r = await bridge.dpopKey({ key, alg: null });
      if (call !== latest) return;
      set({
        read: r.ok
          ? { ok: true, text: `${r.value.alg} key; JWK thumbprint (RFC 7638): ${r.value.thumbprint}` }
          : { ok: false, text: r.error.message },
      });
    },
    async keyMade() {
      const r = await bridge.dpopKey({ key: '', alg: null });
      if (r.ok) return r.value.key;
      set({ read: { ok: false, text: r.error.message } });
      return null;
    },
  }));
}

export const useDpopKey = pageStore(createDpopKeyStore);
