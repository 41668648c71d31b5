import { useStore } from 'zustand';
import { useDeps } from '../../app/stores';
import type { RendererDeps } from '../../app/deps';
import { createSignerStore, type SignerState, type SignerStore } from './signer-store';

// One signer store per set of app dependencies, so the form and the last response survive leaving the page.
const stores = new WeakMap<RendererDeps, SignerStore>();

function signerStore(deps: RendererDeps): SignerStore {
  let store = stores.get(deps);
  if (!store) stores.set(deps, (store = createSignerStore(deps)));
  return store;
}

export const useSigner = <T,>(selector: (s: SignerState) => T): T => useStore(signerStore(useDeps()), selector);
