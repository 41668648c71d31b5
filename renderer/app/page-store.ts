import { useStore, type StoreApi } from 'zustand';
import type { RendererDeps } from './deps';
import { useStores, type Stores } from './stores';

/** A page's selector hook, and its store for another store that drives it (the OpenID Connect page's mock run). */
export interface PageStore<S> {
  <T>(selector: (s: S) => T): T;
  of(stores: Stores): StoreApi<S>;
}

/**
 * A page's store that outlives the page: one per set of app dependencies, so what the user typed is still there
 * when they come back. `create` also gets the app's stores, for a page that works on the flows' state.
 */
export function pageStore<S>(create: (deps: RendererDeps, stores: Stores) => StoreApi<S>): PageStore<S> {
  const made = new WeakMap<RendererDeps, StoreApi<S>>();
  const of = (stores: Stores) => {
    let store = made.get(stores.deps);
    if (!store) made.set(stores.deps, (store = create(stores.deps, stores)));
    return store;
  };
  const use = <T>(selector: (s: S) => T): T => useStore(of(useStores()), selector);
  return Object.assign(use, { of });
}
