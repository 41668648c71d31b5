import { createStore } from 'zustand/vanilla';
import { runMcpChain } from '../../../shared/flows/mcp/chain';
import { McpChainFailure } from '../../../shared/flows/mcp/ports';
import { STRICT_TARGETS } from '../../../shared/mcp/targets';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import { createMcpPagePorts } from './mcp-page-ports';
import { EMPTY_FORM, outcomeOf, runInput } from './mcp-run-input';
import { mcpSenderAuth } from './mcp-sender-auth';
import { mcpServerActions } from './mcp-server-actions';
import type { McpPageState } from './mcp-state';
import { pageTokenKeeper } from './page-token-keeper';

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
        // The last run's outcome goes at once: the sender's key is made before the run starts.
        set({ running: true, legs: [], outcome: null, pendingAuthorization: null });
        const input = runInput(get().form, app, get().targets);
        const senderAuth = typeof input === 'string' ? input : await mcpSenderAuth(deps, get().form, input.client);
        if (typeof input === 'string' || typeof senderAuth === 'string') {
          const summary = typeof input === 'string' ? input : String(senderAuth);
          set({ running: false, outcome: { ok: false, summary, tools: [] } });
          return null;
        }
        let firstUrl: (url: string | null) => void = () => {};
        const urlReady = new Promise<string | null>((resolve) => (firstUrl = resolve));
        // A token bound to the DPoP key made for this run is of no use after it (RFC 9449 §7.1): not saved.
        const keeper = senderAuth.dpop
          ? null
          : pageTokenKeeper(bridge, random, now, input.url, (saved) => {
              set({ saved, savedProblem: null });
              void bridge.profilesList().then((r) => r.ok && app.getState().profilesChanged(r.value));
            });
        void runMcpChain({ ...input, keeper, targets: get().targets }, ports(firstUrl, senderAuth))
          .then((r) => set({ outcome: outcomeOf(r, input.protocolVersion ?? null, input.call?.name) }))
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
