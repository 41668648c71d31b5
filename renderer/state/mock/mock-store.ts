import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';

export type MockView = MethodOutput<'mockState'>;
type Settings = MethodOutput<'mockUpdateSettings'>;

export interface MockProviderState {
  /** The running mock's configuration, state and settings as last read, and when (this app's clock): null before the first read. */
  readonly read: { readonly view: MockView; readonly at: number } | null;
  /** Reads the mock's state again (after each request it sees, or an action here). */
  refresh(): Promise<void>;
  advanceClock(seconds: number): Promise<BridgeResult<unknown>>;
  resetClock(): Promise<BridgeResult<unknown>>;
  /** Forgets every token, code and event. */
  reset(): Promise<BridgeResult<unknown>>;
  deauthorize(token: string): Promise<BridgeResult<unknown>>;
  /** Saves lifetimes and switches; the caller reads the state again when it shows them (the Mock page does). */
  updateSettings(settings: Pick<Settings, 'lifetimes' | 'switches'>): Promise<BridgeResult<unknown>>;
}

/**
 * The built-in mock as the Mock page and the flows' token views see it: its state read through the bridge, and the
 * actions that change it (the clock and token actions followed by a read). Reads answer in order: an older answer never replaces a newer.
 */
export function createMockProviderStore({ bridge, now }: Pick<RendererDeps, 'bridge' | 'now'>) {
  return createStore<MockProviderState>()((set, get) => {
    let asked = 0;
    const then = <T>(run: Promise<BridgeResult<T>>) => run.then(async (r) => (await get().refresh(), r));
    return {
      read: null,
      async refresh() {
        const n = ++asked;
        const r = await bridge.mockState();
        if (n === asked) set({ read: r.ok ? { view: r.value, at: now() } : null });
      },
      advanceClock: (seconds) => then(bridge.mockAdvanceClock({ seconds })),
      resetClock: () => then(bridge.mockResetClock()),
      reset: () => then(bridge.mockReset()),
      deauthorize: (token) => then(bridge.mockDeauthorize({ token })),
      updateSettings: ({ lifetimes, switches }) => bridge.mockUpdateSettings({ lifetimes, switches }),
    };
  });
}

export const useMockProvider = pageStore(createMockProviderStore);
