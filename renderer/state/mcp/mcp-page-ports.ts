import type { StoreApi } from 'zustand/vanilla';
import { McpChainFailure, type McpChainPorts, type McpSenderAuth } from '../../../shared/flows/mcp/ports';
import { MCP_HISTORY_OWNER } from '../../../shared/flows/mcp/saved-server';
import { checksVerdict, historyLegOf, type HistoryRecord } from '../../../shared/store/history-record';
import type { RendererDeps } from '../../app/deps';
import { historyRecord } from '../flow-records';
import type { McpLeg, McpPageState } from './mcp-state';

const CALLBACK_PATH = '/callback';

/**
 * The MCP chain's ports on the page: each request through the bridge's httpSend (recorded once by the host), the
 * redirect through the host's catcher, each leg collected for display, the run's client assertions and DPoP
 * (`senderAuth`, mcp-sender-auth.ts). `firstUrl` gets the first authorization URL
 * (opened by the click that started the run); a later one (a step-up) waits in pendingAuthorization for a click.
 */
export function createMcpPagePorts(
  { bridge, random, crypto, now }: RendererDeps,
  set: StoreApi<McpPageState>['setState'],
  get: StoreApi<McpPageState>['getState']
) {
  const waits = new Map<string, { resolve: (query: string) => void; reject: (e: Error) => void }>();
  bridge.on('catcherCallback', ({ waitId, callback }) => waits.get(waitId)?.resolve(callback.query));
  bridge.on('catcherWaitEnded', ({ waitId, message }) =>
    waits.get(waitId)?.reject(new McpChainFailure('authorize', message))
  );
  const legChanged = (change: (leg: McpLeg) => McpLeg) => {
    const legs = get().legs;
    if (legs.length) set({ legs: [...legs.slice(0, -1), change(legs[legs.length - 1]!)] });
  };

  return (firstUrl: (url: string | null) => void, senderAuth: McpSenderAuth): McpChainPorts => {
    let recorded: HistoryRecord | null = null;
    let redirect: Promise<{ port: number; redirectUri: string }> | null = null;
    let handedOut = false;
    const catcher = () =>
      (redirect ??= bridge.catcherOpen({ port: 0, path: CALLBACK_PATH }).then((r) => {
        if (!r.ok) throw new McpChainFailure('callback listener', r.error.message);
        return r.value;
      }));
    return {
      async send(step, request) {
        // Recorded once by the host, under the server's profile once it has one; the leg's checks give the verdict.
        const profileId = get().saved?.profile.id ?? MCP_HISTORY_OWNER;
        recorded = historyRecord(random, { profileId, flow: 'mcp', leg: historyLegOf(step) });
        const r = await bridge.httpSend({ request, record: recorded });
        if (!r.ok) throw new McpChainFailure(step, r.error.message);
        legChanged((leg) => ({ ...leg, items: [...leg.items, { kind: 'exchange', exchange: r.value }] }));
        return r.value;
      },
      redirectUri: async () => (await catcher()).redirectUri,
      async authorizeInBrowser(url, state) {
        const { port } = await catcher();
        const wait = await bridge.catcherWait({ port, path: CALLBACK_PATH, target: { kind: 'oauth2', state } });
        if (!wait.ok) throw new McpChainFailure('authorize', wait.error.message);
        const landed = new Promise<string>((resolve, reject) => waits.set(wait.value.waitId, { resolve, reject }));
        legChanged((leg) => ({ ...leg, authorizationUrl: url }));
        if (handedOut) set({ pendingAuthorization: url });
        else firstUrl(url);
        handedOut = true;
        try {
          return await landed;
        } finally {
          waits.delete(wait.value.waitId);
        }
      },
      report: {
        step: (title) => {
          recorded = null;
          set({ legs: [...get().legs, { title, items: [], checks: [] }] });
        },
        checks: (checks) => {
          legChanged((leg) => ({ ...leg, checks: [...leg.checks, ...checks] }));
          if (recorded) void bridge.historyAnnotate({ id: recorded.id, ...checksVerdict(checks) });
        },
        line: (text) => legChanged((leg) => ({ ...leg, items: [...leg.items, { kind: 'line', text }] })),
        assertion: (trace) =>
          legChanged((leg) => ({
            ...leg,
            items: [
              ...leg.items,
              {
                kind: 'line',
                text: `Client assertion (${trace.method}, RFC 7523 §2.2): ${JSON.stringify(trace.claims)}`,
              },
            ],
          })),
      },
      senderAuth,
      random,
      crypto,
      now,
    };
  };
}
