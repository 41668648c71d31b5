import { createStore } from 'zustand/vanilla';
import type { Check } from '../../../shared/check';
import { runMcpChain } from '../../../shared/flows/mcp/chain';
import { McpChainFailure, type McpChainPorts } from '../../../shared/flows/mcp/ports';
import type { Exchange } from '../../../shared/http';
import { MCP_FAULTS } from '../../../shared/mcp/mock-faults';
import { checksVerdict, historyLegOf, type HistoryRecord } from '../../../shared/store/history-record';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../../state/app-store';
import { historyRecord } from '../../state/flow-records';
import { MCP_HISTORY_OWNER } from '../../../shared/flows/mcp/saved-server';
import { pageTokenKeeper, readSavedServer, type McpSavedServer } from './page-token-keeper';

/** What a leg showed, in order: a remark (a challenge read, a URL to open) or a request with its answer. */
export type McpLegItem =
  { readonly kind: 'line'; readonly text: string } | { readonly kind: 'exchange'; readonly exchange: Exchange };

/** One leg of the chain as the page shows it: its title, what it sent, answered and remarked, its checks. */
export interface McpLeg {
  readonly title: string;
  readonly items: readonly McpLegItem[];
  readonly checks: readonly Check[];
  /** The leg waits for the user's browser at this authorization URL. */
  readonly authorizationUrl?: string;
}

export interface McpForm {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
  readonly call: string;
  readonly args: string;
}

export type McpFaultName = (typeof MCP_FAULTS)[number];

export interface McpTool {
  readonly name: string;
  readonly description: string;
}

export interface McpPageState {
  readonly form: McpForm;
  readonly running: boolean;
  readonly legs: readonly McpLeg[];
  /** A step-up's authorization URL, waiting for the user to open it (a click: a browser opens no tab by itself). */
  readonly pendingAuthorization: string | null;
  readonly outcome: {
    readonly ok: boolean;
    readonly summary: string;
    readonly tools: readonly McpTool[];
    /** The tool called and its answer, when one was called. */
    readonly called?: string;
    readonly result?: unknown;
  } | null;
  readonly fault: McpFaultName | null;
  /** The token saved for the server the form names (its URL, or the mock's endpoint), with its profile. */
  readonly saved: McpSavedServer | null;
  readonly savedProblem: string | null;
  formEdited(patch: Partial<McpForm>): void;
  /** Starts the run; answers with the first authorization URL to open, or null when the run ends without one. */
  runStarted(): Promise<string | null>;
  /** The step-up's URL, handed out once to the click that opens it. */
  pendingOpened(): Promise<string | null>;
  faultRead(): Promise<void>;
  faultChosen(fault: McpFaultName): Promise<void>;
  /** Reads the saved token of the server the form names. */
  savedRead(): Promise<void>;
  /** Deletes the server's profile and its token: the next Connect registers and authorizes afresh. */
  savedForgotten(): Promise<void>;
}

const EMPTY_FORM: McpForm = { url: '', clientId: '', clientSecret: '', scope: '', call: '', args: '' };
const CALLBACK_PATH = '/callback';

/**
 * The MCP page: the chain of shared/flows/mcp/chain.ts (the one `oauth-lab mcp` runs) with the page's ports: each
 * request through the bridge's httpSend, the redirect through the host's catcher, each leg collected for display.
 * On the mock, an empty URL means its MCP endpoint and an empty client ID its built-in client.
 */
export function createMcpStore({ bridge, random, crypto, now }: RendererDeps, { app }: { app: AppStore }) {
  return createStore<McpPageState>()((set, get) => {
    const waits = new Map<string, { resolve: (query: string) => void; reject: (e: Error) => void }>();
    bridge.on('catcherCallback', ({ waitId, callback }) => waits.get(waitId)?.resolve(callback.query));
    bridge.on('catcherWaitEnded', ({ waitId, message }) =>
      waits.get(waitId)?.reject(new McpChainFailure('authorize', message))
    );
    const legChanged = (change: (leg: McpLeg) => McpLeg) => {
      const legs = get().legs;
      if (legs.length) set({ legs: [...legs.slice(0, -1), change(legs[legs.length - 1]!)] });
    };

    const ports = (firstUrl: (url: string | null) => void): McpChainPorts => {
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
        },
        random,
        crypto,
        now,
      };
    };

    return {
      form: EMPTY_FORM,
      running: false,
      legs: [],
      pendingAuthorization: null,
      outcome: null,
      fault: null,
      saved: null,
      savedProblem: null,
      formEdited: (patch) => set({ form: { ...get().form, ...patch } }),
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
        void runMcpChain({ ...input, keeper }, ports(firstUrl))
          .then((r) => set({ outcome: outcomeOf(r.authorized, r.tools, input.call?.name, r.result) }))
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
  });
}

/** The server the form names: its URL, or the running mock's MCP endpoint. */
const serverUrl = (form: McpForm, app: AppStore): string => {
  const base = app.getState().mock.baseUrl;
  return form.url.trim() || (base ? `${base}/mcp` : '');
};

/** The chain's input from the form: on the mock, its endpoint and its built-in client by default. */
function runInput(form: McpForm, app: AppStore) {
  const { mock, profiles } = app.getState();
  const url = serverUrl(form, app);
  if (!url) return 'Enter the MCP server URL (or start the mock to use its MCP endpoint).';
  const builtIn = profiles.find((p) => p.builtIn);
  const onMock = !!mock.baseUrl && url.startsWith(`${mock.baseUrl}/`);
  const useBuiltIn = !form.clientId.trim() && onMock && builtIn;
  let args: Record<string, unknown> = {};
  if (form.args.trim()) {
    try {
      args = JSON.parse(form.args) as Record<string, unknown>;
    } catch (e) {
      return `The tool's arguments are not JSON (${(e as Error).message}); expected an object such as {"text": "hi"}.`;
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return "The tool's arguments must be a JSON object.";
  }
  return {
    url,
    client: {
      clientId: useBuiltIn ? builtIn.oauth2.clientId : form.clientId.trim() || null,
      clientSecret: useBuiltIn ? builtIn.oauth2.clientSecret : form.clientSecret,
      metadataUrl: null,
      authentication: null,
    },
    scope: form.scope.trim() || null,
    call: form.call.trim() ? { name: form.call.trim(), arguments: args } : null,
  };
}

function outcomeOf(authorized: boolean, tools: unknown, called: string | undefined, result: unknown) {
  const list = (tools as { tools?: unknown } | null)?.tools;
  const named = (Array.isArray(list) ? list : []).map((t: { name?: unknown; description?: unknown }) => ({
    name: String(t.name),
    description: typeof t.description === 'string' ? t.description : '',
  }));
  return {
    ok: authorized,
    summary: authorized
      ? 'The MCP server answered with the access token.'
      : 'The server answered without asking for a token: nothing was authorized.',
    tools: named,
    ...(called === undefined ? {} : { called, result }),
  };
}
