import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../shared/bridge/contract';
import type { BridgeError } from '../../shared/bridge/result';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import type { ProviderEventView } from './provider-match';

export type Page =
  | 'oauth1'
  | 'oauth2'
  | 'client-credentials'
  | 'device'
  /** A token-endpoint grant's page, by its command (token-endpoint-grant.ts). */
  | `grant-${string}`
  | 'oidc'
  | 'mcp'
  | 'mock'
  | 'grade'
  | 'signer'
  | 'debugger'
  | 'profiles'
  | 'history';

/** What the History opens on when another page sends the user there: one owner's exchanges, and why. */
export interface HistoryFocus {
  /** The History's profile filter: the owner of the exchanges to show. */
  readonly profileId: string;
  /** What the exchanges are, as a heading: "oidcc-client-test-nonce-invalid". */
  readonly title: string;
  /** The cause, in words, shown above them. */
  readonly cause: string;
}

export interface AppState {
  readonly page: Page;
  /** Set by a page that opens the History on some exchanges (the grade page's Why?); the History takes it once. */
  readonly historyFocus: HistoryFocus | null;
  readonly info: MethodOutput<'appInfo'> | null;
  readonly profiles: readonly Profile[];
  readonly activeProfileId: string;
  readonly mock: MethodOutput<'mockStatus'>;
  /** What the mock received, newest last, bounded. */
  readonly mockEvents: readonly ProviderEventView[];
  /** How far the mock's clock is ahead of real time, in seconds (0 when it is not moved or not running). */
  readonly mockClockOffset: number;
  /** The last failure of an app-level action, shown in the header until dismissed. */
  readonly error: BridgeError | null;
  readonly loaded: boolean;
  appOpened(): Promise<void>;
  pageChosen(page: Page): void;
  /** Opens the History on these exchanges, with their cause. */
  historyFocusRequested(focus: HistoryFocus): void;
  /** The History took the focus (its filter is set): a later visit opens it as the user left it. */
  historyFocusTaken(): void;
  profileChosen(id: string): void;
  profilesChanged(profiles: readonly Profile[]): void;
  mockStartRequested(): Promise<void>;
  mockStopRequested(): Promise<void>;
  mockClockReset(): Promise<void>;
  /** The host's save dialog (desktop): a line for the user, or null when the dialog was cancelled. */
  fileSaveRequested(suggestedName: string, content: string): Promise<string | null>;
  errorDismissed(): void;
}

const EVENT_LIMIT = 500;

export function createAppStore({ bridge }: RendererDeps) {
  return createStore<AppState>()((set, get) => {
    const fail = (error: BridgeError) => set({ error });
    bridge.on('mockStatus', (mock) => set({ mock }));
    bridge.on('mockEvent', (event) => set({ mockEvents: [...get().mockEvents.slice(-(EVENT_LIMIT - 1)), event] }));
    bridge.on('mockClock', ({ offsetSeconds }) => set({ mockClockOffset: offsetSeconds }));
    // The offset survives a stop and start (as the tokens do), so it is read whenever the mock comes up.
    const readClock = async () => {
      const r = await bridge.mockState();
      if (r.ok) set({ mockClockOffset: r.value.state.clockOffsetSeconds });
    };
    return {
      page: 'oauth1',
      historyFocus: null,
      info: null,
      profiles: [],
      activeProfileId: 'mock',
      mock: { running: false, baseUrl: null },
      mockEvents: [],
      mockClockOffset: 0,
      error: null,
      loaded: false,
      async appOpened() {
        const [info, profiles, settings, mock] = await Promise.all([
          bridge.appInfo(),
          bridge.profilesList(),
          bridge.settingsGet(),
          bridge.mockStatus(),
        ]);
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
        // The mock profile is what a newcomer starts with: have it running, so the first flow takes two minutes.
        if (mock.ok && !mock.value.running) await get().mockStartRequested();
        else if (mock.ok) await readClock();
      },
      pageChosen: (page) => set({ page }),
      historyFocusRequested: (historyFocus) => set({ page: 'history', historyFocus }),
      historyFocusTaken: () => set({ historyFocus: null }),
      profileChosen(id) {
        set({ activeProfileId: id });
        void bridge.settingsUpdate({ activeProfileId: id });
      },
      profilesChanged: (profiles) => set({ profiles }),
      async mockStartRequested() {
        const r = await bridge.mockStart({ port: 0 });
        if (!r.ok) return fail(r.error);
        set({ mock: r.value });
        await readClock();
      },
      async mockStopRequested() {
        const r = await bridge.mockStop();
        if (r.ok) set({ mock: r.value });
        else fail(r.error);
      },
      async mockClockReset() {
        const r = await bridge.mockResetClock();
        if (r.ok) set({ mockClockOffset: r.value.offsetSeconds });
        else fail(r.error);
      },
      async fileSaveRequested(suggestedName, content) {
        const r = await bridge.exportFile({ suggestedName, content });
        return r.ok ? (r.value.saved ? `Saved to ${r.value.path}.` : null) : r.error.message;
      },
      errorDismissed: () => set({ error: null }),
    };
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
