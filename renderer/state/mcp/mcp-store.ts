import { createStore } from 'zustand/vanilla';
import { runMcpChain } from '../../../shared/flows/mcp/chain';
import { McpChainFailure } from '../../../shared/flows/mcp/ports';
import { STRICT_TARGETS } from '../../../shared/mcp/targets';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import { createMcpPagePorts } from './mcp-page-ports';
import { outcomeOf, runInput } from './mcp-run-input';
import { mcpServerActions } from './mcp-server-actions';
import type { McpForm, McpPageState } from './mcp-state';
import { pageTokenKeeper } from './page-token-keeper';

const EMPTY_FORM: McpForm = {
  url: '',
  clientId: '',
  clientSecret: '',
  scope: '',
  call: '',
  args: '',
  protocolVersion: '',
};

/**
 * The MCP page: the chain of shared/flows/mcp/chain.ts (the one `oauth-lab mcp` runs) with the page's ports
 * (mcp-page-ports.ts). On the mock, an empty URL means its MCP endpoint and an empty client ID its built-in client.
 */
export function createMcpStore(deps: RendererDeps, { app }: { app: AppStore }) {
  const { bridge, random, now } = deps;
  return createStore<McpPageState>()((set, get) => {
    const ports = createMcpPagePorts(deps, set, get);

    return {
      form: EMPTY_FORM,
      targets: STRICT_TARGETS,
      running: false,
      legs: [],
      pendingAuthorization: null,
      outcome: null,
      fault: null,
      saved: null,
      savedProblem: null,
      formEdited: (patch) => set({ form: { ...get().form, ...patch } }),
      targetsEdited: (patch) => set({ targets: { ...get().targets, ...patch } }),
      async runStarted() {
        if (get().running) return null;
        const input = runInput(get().form, app);
        if (typeof input === 'string') {
          set({ legs: [], outcome: { ok: false, summary: input, tools: [] } });
          return null;
        }
        let firstUrl: (url: string | null) => void = () => {};
        const urlReady = new Promise<string | null>((resolve) => (firstUrl = resolve));
        set({ running: true, legs: [], outcome: null, pendingAuthorization: null });
        const keeper = pageTokenKeeper(bridge, random, now, input.url, (saved) => {
          set({ saved, savedProblem: null });
          void bridge.profilesList().then((r) => r.ok && app.getState().profilesChanged(r.value));
        });
        void runMcpChain({ ...input, keeper, targets: get().targets }, ports(firstUrl))
          .then((r) => set({ outcome: outcomeOf(r, input.protocolVersion, input.call?.name) }))
          .catch((e: unknown) =>
            set({
              outcome: {
                ok: false,
                summary: e instanceof McpChainFailure ? `Failed at ${e.step}: ${e.message}` : String(e),
                tools: [],
              },
            })
          )
          .finally(() => {
            set({ running: false, pendingAuthorization: null });
            firstUrl(null);
          });
        return urlReady;
      },
      async pendingOpened() {
        const url = get().pendingAuthorization;
        set({ pendingAuthorization: null });
        return url;
      },
      ...mcpServerActions(bridge, app, set, get),
    };
  });
}
