import { useStore, type StoreApi } from 'zustand';
import type { RendererDeps } from './deps';
import { useDeps } from './stores';

/**
 * A page's store that outlives the page: one per set of app dependencies, so what the user typed is still there
 * when they come back. Returns the page's selector hook.
 */
export function pageStore<S>(create: (deps: RendererDeps) => StoreApi<S>): <T>(selector: (s: S) => T) => T {
  const stores = new WeakMap<RendererDeps, StoreApi<S>>();
  const storeFor = (deps: RendererDeps) => {
    let store = stores.get(deps);
    if (!store) stores.set(deps, (store = create(deps)));
    return store;
  };
  return (selector) => useStore(storeFor(useDeps()), selector);
}
