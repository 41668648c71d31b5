import type { StoreApi } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import { serverUrl } from './mcp-run-input';
import type { McpFaultName, McpPageState } from './mcp-state';
import { readSavedServer } from './page-token-keeper';

type ServerActions = Pick<McpPageState, 'savedRead' | 'savedForgotten' | 'faultRead' | 'faultChosen'>;

/** The MCP store's actions on the server: its saved token (read, forgotten) and the mock's MCP fault. */
export function mcpServerActions(
  bridge: RendererDeps['bridge'],
  app: AppStore,
  set: StoreApi<McpPageState>['setState'],
  get: StoreApi<McpPageState>['getState']
): ServerActions {
  return {
    async savedRead() {
      const url = serverUrl(get().form, app);
      try {
        set({ saved: url ? await readSavedServer(bridge, url) : null, savedProblem: null });
      } catch (e) {
        set({ saved: null, savedProblem: (e as Error).message });
      }
    },
    async savedForgotten() {
      const saved = get().saved;
      if (!saved) return;
      const r = await bridge.profileDelete({ id: saved.profile.id });
      if (!r.ok) return set({ savedProblem: `The token was not forgotten: ${r.error.message}` });
      set({ saved: null, savedProblem: null });
      const list = await bridge.profilesList();
      if (list.ok) app.getState().profilesChanged(list.value);
    },
    async faultRead() {
      const r = await bridge.mockState();
      const fault = r.ok ? r.value.settings.switches.mcpFault : undefined;
      if (typeof fault === 'string') set({ fault: fault as McpFaultName });
    },
    async faultChosen(fault) {
      const r = await bridge.mockUpdateSettings({ switches: { mcpFault: fault } });
      if (r.ok) set({ fault });
    },
  };
}
