import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createAppStore, type AppState, type AppStore } from '../state/app-store';
import type { OAuth1FlowState } from '../state/oauth1/oauth1-flow-state';
import { createOAuth1Store, type OAuth1Store } from '../state/oauth1/oauth1-store';
import { createOAuth2Store, type OAuth2Store } from '../state/oauth2/oauth2-store';
import type { OAuth2FlowState } from '../state/oauth2/oauth2-flow-state';
import { TOKEN_ENDPOINT_GRANTS } from '../../shared/flows/driver/registry';
import {
  createClientCredentialsStore,
  createDeviceStore,
  createIdJagStore,
  createTokenEndpointGrantStore,
  type TokenEndpointGrantStore,
} from '../state/machine/machine-stores';
import type { RendererDeps } from './deps';

/** Every store of the app, made once from the injected dependencies (tests make their own). */
export interface Stores {
  readonly deps: RendererDeps;
  readonly app: AppStore;
  readonly oauth1: OAuth1Store;
  readonly oauth2: OAuth2Store;
  readonly clientCredentials: ReturnType<typeof createClientCredentialsStore>;
  readonly device: ReturnType<typeof createDeviceStore>;
  /** Each token-endpoint grant's store, by its command (`jwt-bearer`), for the generic grant page. */
  readonly tokenGrants: Readonly<Record<string, TokenEndpointGrantStore>>;
  readonly idJag: ReturnType<typeof createIdJagStore>;
}

export function createStores(deps: RendererDeps): Stores {
  return {
    deps,
    app: createAppStore(deps),
    oauth1: createOAuth1Store(deps),
    oauth2: createOAuth2Store(deps),
    clientCredentials: createClientCredentialsStore(deps),
    device: createDeviceStore(deps),
    tokenGrants: Object.fromEntries(
      TOKEN_ENDPOINT_GRANTS.map((g) => [g.spec.command, createTokenEndpointGrantStore(deps, g)])
    ),
    idJag: createIdJagStore(deps),
  };
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing above this component.');
  return stores;
}

export const useDeps = () => useStores().deps;
/** The app store itself, for a page's store that must read it later (outside a render). */
export const useAppStore = (): AppStore => useStores().app;
export const useApp = <T,>(selector: (s: AppState) => T): T => useStore(useStores().app, selector);
export const useOAuth1 = <T,>(selector: (s: OAuth1FlowState) => T): T => useStore(useStores().oauth1, selector);
export const useOAuth2 = <T,>(selector: (s: OAuth2FlowState) => T): T => useStore(useStores().oauth2, selector);
