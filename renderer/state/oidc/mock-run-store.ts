import { createStore, type StoreApi } from 'zustand/vanilla';
import type { IdTokenFault } from '../../../shared/oidc/mock-switches';
import type { RendererDeps } from '../../app/deps';
import type { AppStore } from '../app-store';
import type { OAuth2FlowState } from '../oauth2/oauth2-flow-state';
import type { OAuth2Store } from '../oauth2/oauth2-store';
import { flowTokensOf } from '../../features/oidc/flow-tokens';
import type { OidcState } from './oidc-state';

/** The scope of the mock run: openid asks for an id_token (OIDC Core §3.1.2.1), profile for the UserInfo claims. */
export const MOCK_OIDC_SCOPE = 'openid profile';

/** Where the run is: the user logs in at the mock, the app exchanges the code, then discovers and validates. */
export type MockRunStep = 'authorizing' | 'exchanging' | 'validating' | 'done' | 'failed';

export interface MockRunState {
  readonly step: MockRunStep | null;
  readonly problem: string | null;
  /** The mock's id_token fault as last read or set; null before the first read. */
  readonly fault: IdTokenFault | null;
  /**
   * Starts the OAuth 2 flow on the built-in profile with scope openid (its client and secret are the mock's) and
   * opens the wait: the authorization URL to open, or null when it cannot start.
   */
  runStarted(): Promise<string | null>;
  faultRead(): Promise<void>;
  faultChosen(fault: IdTokenFault): Promise<void>;
}

/**
 * OpenID Connect against the mock in one action: the OAuth 2 page's flow (so that page and the saved tokens show
 * the same run) with scope openid; once the callback arrives, the token exchange, the mock's discovery and the
 * id_token's validation follow by themselves.
 */
export function createMockRunStore(
  { bridge }: Pick<RendererDeps, 'bridge'>,
  { app, oauth2, oidc }: { app: AppStore; oauth2: OAuth2Store; oidc: StoreApi<OidcState> }
) {
  return createStore<MockRunState>()((set, get) => {
    /** The state parameter of the run's flow: a flow started elsewhere since is not this run's. */
    let runState: string | null = null;
    const fail = (problem: string) => set({ step: 'failed', problem });

    /**
     * The mock discovered and this run's id_token validated step by step, below the run, then UserInfo when asked
     * (the driver's OpenID Connect after the code grant, as `flow oauth2 --scope openid` runs it).
     */
    const validated = async (
      issuer: string,
      tokens: NonNullable<ReturnType<typeof flowTokensOf>>,
      withUserInfo: boolean
    ) => {
      set({ step: 'validating' });
      await oidc.getState().afterCodeRan(issuer, { ...tokens, registeredAlg: '' }, withUserInfo);
    };
    const exchange = async (s: OAuth2FlowState) => {
      if (!s.callbackOutcome?.ok) return fail(s.callbackOutcome?.summary ?? 'No code came back.');
      set({ step: 'exchanging' });
      await oauth2.getState().legSent('token');
      const run = oauth2.getState().runs.token;
      const tokens = flowTokensOf(oauth2.getState());
      if (!run?.outcome?.ok) {
        // An id_token the client refused (its nonce) is still validated below, so the steps say what the run says.
        if (tokens) await validated(s.flow!.config.baseUrl, tokens, false);
        return fail(run?.outcome?.summary ?? run?.error?.message ?? 'The token exchange failed.');
      }
      if (!tokens) return fail('The token response carries no id_token, though the scope was openid.');
      await validated(s.flow!.config.baseUrl, tokens, true);
      set({ step: 'done' });
    };
    oauth2.subscribe((s, prev) => {
      if (get().step !== 'authorizing' || s.flow?.state !== runState) return;
      if (s.callbackOutcome && s.callbackOutcome !== prev.callbackOutcome) void exchange(s);
      else if (s.waitEnded && s.waitEnded !== prev.waitEnded) fail(s.waitEnded.message);
    });

    return {
      step: null,
      problem: null,
      fault: null,
      async runStarted() {
        const base = app.getState().mock.baseUrl;
        const builtIn = app.getState().profiles.find((p) => p.builtIn);
        if (!base || !builtIn) {
          fail(base ? 'The built-in Mock provider profile is missing.' : 'The mock is not running: start it first.');
          return null;
        }
        runState = null;
        // The previous run's id_token and UserInfo are not this run's: they go as it starts.
        oidc.setState({ trace: null, validationError: null, userInfo: null });
        await oauth2
          .getState()
          .flowStarted({ ...builtIn, oauth2: { ...builtIn.oauth2, scope: MOCK_OIDC_SCOPE } }, base);
        const started = oauth2.getState();
        if (!started.flow) {
          fail(started.startError?.message ?? 'The flow did not start.');
          return null;
        }
        runState = started.flow.state;
        set({ step: 'authorizing', problem: null });
        const url = await started.authorizationStarted();
        if (!url) fail(oauth2.getState().waitEnded?.message ?? 'The callback could not be awaited.');
        return url;
      },
      async faultRead() {
        const r = await bridge.mockState();
        const fault = r.ok ? r.value.settings.switches.idTokenFault : undefined;
        if (typeof fault === 'string') set({ fault: fault as IdTokenFault });
      },
      async faultChosen(fault) {
        const r = await bridge.mockUpdateSettings({ switches: { idTokenFault: fault } });
        if (!r.ok) return set({ problem: r.error.message });
        const saved = r.value.switches.idTokenFault;
        set({ fault: typeof saved === 'string' ? (saved as IdTokenFault) : fault, problem: null });
      },
    };
  });
}
