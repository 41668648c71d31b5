import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../shared/bridge/contract';
import type { BridgeError } from '../../shared/bridge/result';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import type { ProviderEventView } from './provider-match';

export type Page = 'oauth1' | 'oauth2' | 'oidc' | 'mock' | 'signer' | 'debugger' | 'profiles' | 'history';

export interface AppState {
  readonly page: Page;
  readonly info: MethodOutput<'appInfo'> | null;
  readonly profiles: readonly Profile[];
  readonly activeProfileId: string;
  readonly mock: MethodOutput<'mockStatus'>;
  /** What the mock received, newest last, bounded. */
  readonly mockEvents: readonly ProviderEventView[];
  /** The last failure of an app-level action, shown in the header until dismissed. */
  readonly error: BridgeError | null;
  readonly loaded: boolean;
  appOpened(): Promise<void>;
  pageChosen(page: Page): void;
  profileChosen(id: string): void;
  profilesChanged(profiles: readonly Profile[]): void;
  mockStartRequested(): Promise<void>;
  mockStopRequested(): Promise<void>;
  errorDismissed(): void;
}

const EVENT_LIMIT = 500;

export function createAppStore({ bridge }: RendererDeps) {
  return createStore<AppState>()((set, get) => {
    const fail = (error: BridgeError) => set({ error });
    bridge.on('mockStatus', (mock) => set({ mock }));
    bridge.on('mockEvent', (event) => set({ mockEvents: [...get().mockEvents.slice(-(EVENT_LIMIT - 1)), event] }));
    return {
      page: 'oauth1',
      info: null,
      profiles: [],
      activeProfileId: 'mock',
      mock: { running: false, baseUrl: null },
      mockEvents: [],
      error: null,
      loaded: false,
      async appOpened() {
        const [info, profiles, settings, mock] = await Promise.all([bridge.appInfo(), bridge.profilesList(), bridge.settingsGet(), bridge.mockStatus()]);
        for (const r of [info, profiles, settings, mock]) if (!r.ok) fail(r.error);
        const list = profiles.ok ? profiles.value : [];
        const wanted = settings.ok ? settings.value.activeProfileId : 'mock';
        set({
          info: info.ok ? info.value : null,
          profiles: list,
          activeProfileId: list.some((p) => p.id === wanted) ? wanted : 'mock',
          mock: mock.ok ? mock.value : get().mock,
          loaded: true,
        });
        // The mock profile is what a newcomer starts with: have it running (issue 6: first flow in two minutes).
        if (mock.ok && !mock.value.running) await get().mockStartRequested();
      },
      pageChosen: (page) => set({ page }),
      profileChosen(id) {
        set({ activeProfileId: id });
        void bridge.settingsUpdate({ activeProfileId: id });
      },
      profilesChanged: (profiles) => set({ profiles }),
      async mockStartRequested() {
        const r = await bridge.mockStart({ port: 0 });
        if (r.ok) set({ mock: r.value });
        else fail(r.error);
      },
      async mockStopRequested() {
        const r = await bridge.mockStop();
        if (r.ok) set({ mock: r.value });
        else fail(r.error);
      },
      errorDismissed: () => set({ error: null }),
    };
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
