import { createStore } from 'zustand/vanilla';
import { bridgeErrorOf } from '../../shared/bridge/result';
import { oauth2ConfigOf, oauth2Flow } from '../../shared/flows';
import { b64TokenProblem } from '../../shared/oauth2/bearer';
import type { OAuth2Leg, OAuth2State } from '../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../shared/http';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { NO_FLOW, type OAuth2FlowState, type SentLeg } from './oauth2-flow-state';
import { acceptedAssertion } from './client-assertion-send';
import { preparedLeg } from './oauth2-leg-prepare';
import { flowSends } from './flow-sends';
import { apiCallWithAutoRefresh } from './oauth2-api-auto-refresh';
import type { OAuth2Run } from './oauth2-run';
import { apiAnswered, refreshAnswered, tokenIssued } from './oauth2-token-standing';
import type { Caught } from './oauth1-flow-state';
import { pastedQuery } from '../../shared/flows/pasted-url';
import { rejectedCallbackOf } from './rejected-callbacks';
import { CLIENT_GRANTS } from '../../shared/flows/driver/registry';
import { interpretRedirect, openRedirectLeg, runSentLeg } from '../../shared/flows/driver/run-leg';
import type { TokenSet } from '../../shared/oauth2/token-response';
import { pageHostPort } from './page-host-port';
import { callbackAsJudged, flowMistakeMade } from './flow-mistake-send';
import { flowVerdict } from './flow-verdict';
import { portWithDpop, withDpopChecks } from './dpop-page-send';
import { withNonceCheck, withNonceLeftOut } from './nonce-left-out';

const CODE_GRANT = CLIENT_GRANTS.authorization_code;

export function createOAuth2Store(deps: RendererDeps) {
  const { bridge, crypto, random, now } = deps;
  return createStore<OAuth2FlowState>()((set, get) => {
    const profile = () => get().profile!;
    const setRun = (leg: SentLeg, run: OAuth2Run) => set({ runs: { ...get().runs, [leg]: run } });
    const sends = flowSends(bridge);
    // Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2).
    const dpopNonces = new Map<string, string>();
    const api = (flow: OAuth2State, outsideGrammar = false): RawRequest =>
      oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile().oauth2.apiPath, outsideGrammar });
    /** The bearer call's draft, or why the token cannot go in a Bearer header (shown on the leg, not thrown). */
    const prepareApi = (flow: OAuth2State): { draft: RawRequest | null; bearerProblem: string | null } => {
      const bearerProblem = flow.token ? b64TokenProblem(flow.token.accessToken) : null;
      return { draft: bearerProblem ? null : api(flow), bearerProblem };
    };

    /** The explainer's verdict on a leg that failed, from the flow's recorded legs, unless started over meanwhile. */
    const judged = async (leg: OAuth2Leg) => {
      const { flow, authorizationSeen } = get();
      // The verdict is an explanation beside the leg's own result: when it cannot be made, it says why.
      const verdict = await flowVerdict(bridge, crypto, profile().id, authorizationSeen).catch((e: unknown) => ({
        none: `The explainer could not read this flow's recorded legs: ${(e as Error).message}`,
      }));
      if (get().flow?.state === flow?.state) set({ verdicts: { ...get().verdicts, [leg]: verdict } });
    };
    const callbackArrived = (received: string, callback: Caught | null) => {
      const { query, authorizationSeen } = callbackAsJudged(get(), received, now());
      const result = interpretRedirect(CODE_GRANT, 'authorize', get().flow!, query);
      set({
        flow: result.state,
        callback,
        callbackOutcome: result,
        waitId: null,
        authorizationSeen,
        ...(query !== received ? { flowMistake: null } : {}),
        ...(result.ok
          ? {
              receivedCode: result.state.code,
              drafts: { ...get().drafts, token: oauth2Flow.buildTokenExchange(result.state) },
            }
          : {}),
      });
      return result.ok ? Promise.resolve() : judged('authorize');
    };
    bridge.on('catcherCallback', ({ waitId, callback }) => {
      const { flow } = get();
      if (!flow || waitId !== get().waitId) return;
      void callbackArrived(callback.query, callback);
    });
    bridge.on('catcherEvent', (event) => {
      const rejected = get().waitId ? rejectedCallbackOf(event, get().catcherUri, 'oauth2') : null;
      if (rejected) set({ rejected: [...get().rejected, rejected] });
    });
    bridge.on('catcherWaitEnded', ({ waitId, code, message }) => {
      const { flow } = get();
      if (!flow || waitId !== get().waitId) return;
      set({
        waitId: null,
        waitEnded: { code, message },
        flow: { ...flow, legs: { ...flow.legs, authorize: 'ready' } },
      });
    });

    /** A new token (exchange or refresh, here or on another page) saved with the profile; its standing starts anew. */
    const tokenSaved = (token: TokenSet, p: Profile) =>
      set({ standing: tokenIssued(bridge, random, get().standing, token, { profileId: p.id, obtainedAt: now() }) });
    /** A new token in the flow: the bearer call and refresh use it. */
    const tokenAdopted = (next: OAuth2State) => {
      if (!next.token) return set({ flow: next });
      const { draft, bearerProblem } = prepareApi(next);
      const { api: _stale, ...others } = get().drafts;
      set({
        flow: next,
        bearerProblem,
        drafts: {
          ...others,
          ...(draft ? { api: draft } : {}),
          ...(next.token.refreshToken ? { refresh: oauth2Flow.buildRefreshRequest(next) } : {}),
        },
      });
    };

    return {
      profile: null,
      ...NO_FLOW,
      autoRefresh: false,
      autoRefreshSet: (autoRefresh) => set({ autoRefresh }),
      authMistakes: {},
      flowMistakeChosen: (flowMistake) => set({ flowMistake }),
      authMistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().authMistakes;
        set({ authMistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      dpopMistakes: {},
      dpopMistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().dpopMistakes;
        set({ dpopMistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      async flowStarted(p, baseUrl) {
        sends.cancelAll();
        const previous = get().waitId;
        if (previous) void bridge.catcherCancel({ waitId: previous });
        // The mock accepts any loopback port for a registered loopback redirect URI (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)).
        const opened = await bridge.catcherOpen({ port: p.builtIn ? 0 : p.callbackPort, path: p.callbackPath });
        if (!opened.ok) return set({ startError: opened.error, flow: null, profile: p });
        // The login options stay from one attempt to the next (testing as another user takes several).
        const login = get().flow?.config.login;
        const flow = CODE_GRANT.start(
          { ...oauth2ConfigOf(p, baseUrl, opened.value.redirectUri), ...(login ? { login } : {}) },
          random,
          crypto
        );
        set({
          ...NO_FLOW,
          profile: p,
          flow,
          catcherUri: opened.value.redirectUri,
          authorizeUrl: oauth2Flow.buildAuthorizeRequest(flow).url,
        });
      },
      legChosen: (current) => set({ current }),
      draftEdited(leg, patch) {
        const draft = get().drafts[leg];
        if (draft) set({ drafts: { ...get().drafts, [leg]: { ...draft, ...patch } } });
      },
      async authorizationStarted() {
        const { flow, authorizeUrl, waitId } = get();
        if (!flow || !authorizeUrl) return null;
        if (waitId) return authorizeUrl;
        const opened = openRedirectLeg(CODE_GRANT, 'authorize', flow);
        const r = await bridge.catcherWait({
          port: Number(new URL(get().catcherUri!).port),
          path: profile().callbackPath,
          target: opened.expected,
        });
        if (!r.ok) {
          set({ waitEnded: { code: r.error.code, message: r.error.message } });
          return null;
        }
        set({
          waitId: r.value.waitId,
          waitEnded: null,
          rejected: [],
          callback: null,
          callbackOutcome: null,
          flow: opened.state,
        });
        return authorizeUrl;
      },
      async waitCancelled() {
        const { waitId } = get();
        if (waitId) await bridge.catcherCancel({ waitId });
      },
      async urlPasted(url) {
        const { flow, waitId } = get();
        if (!flow) return;
        let query: string;
        try {
          query = pastedQuery(url).query;
        } catch (e) {
          return set({ callbackOutcome: { ok: false, summary: (e as Error).message, checks: [] } });
        }
        // The wait is dropped first, so its end is not reported as a failed wait.
        set({ waitId: null, waitEnded: null });
        if (waitId) await bridge.catcherCancel({ waitId });
        await callbackArrived(`?${query}`, null);
      },
      async legSent(leg) {
        const { flow, drafts } = get();
        const request = drafts[leg];
        if (!flow || !request || get().runs[leg]?.sending) return;
        const replayable = acceptedAssertion(get().runs[leg]);
        const { flowMistake, sent } = flowMistakeMade(get(), leg, request, random);
        const { [leg]: _judged, ...verdicts } = get().verdicts;
        set({ verdicts, ...(flowMistake ? { flowMistake: null } : {}) });
        setRun(leg, { sending: true, exchange: null, error: null, outcome: null });
        const p = profile();
        if (leg === 'api' && get().autoRefresh && flow.token?.refreshToken)
          return apiCallWithAutoRefresh({ deps, sends, get, set, dpopNonces }, flow, request, p);
        const attempt = sends.attempt();
        const authMistake = get().authMistakes[leg] ?? null;
        const dpopMistake = get().dpopMistakes[leg] ?? null;
        get().authMistakeChosen(leg, null);
        get().dpopMistakeChosen(leg, null);
        const choices = { flowMistake, authMistake, replayable, dpopNonces, dpopMistake };
        const ready = await preparedLeg(deps, p, flow, leg, sent, choices);
        if (!ready.ok) {
          set({ flow: { ...flow, legs: { ...flow.legs, [leg]: 'failed' } } });
          return setRun(leg, { sending: false, exchange: null, error: ready.error, outcome: null, authMistake });
        }
        const { assertion, dpop: pageDpop } = ready;
        // The token is saved as soon as the leg has judged it, unless the flow was started over meanwhile.
        const port = portWithDpop(
          pageHostPort(deps, sends, p, 'oauth2', (obtained) => {
            if (sends.isCurrent(attempt) && obtained.kind === 'oauth2') tokenSaved(obtained.token, p);
          }),
          pageDpop
        );
        let run;
        try {
          run = await withNonceLeftOut(bridge, flowMistake, () =>
            runSentLeg(CODE_GRANT, leg, () => get().flow!, port, ready.request)
          );
        } catch (e) {
          // Started over while it was in flight: the answer (aborted) belongs to a flow that is gone.
          if (!sends.isCurrent(attempt)) return;
          const current = get().flow!;
          set({ flow: { ...current, legs: { ...current.legs, [leg]: 'failed' } } });
          return setRun(leg, {
            sending: false,
            exchange: null,
            error: bridgeErrorOf(e),
            outcome: null,
            assertion,
            authMistake,
            dpop: pageDpop?.trace() ?? null,
          });
        }
        if (!sends.isCurrent(attempt)) return;
        const { exchange } = run;
        const dpopTrace = pageDpop?.trace() ?? null;
        const fields = run.outcome.state.token?.fields;
        const outcome = withNonceCheck(withDpopChecks(run.outcome, leg, fields, dpopTrace), leg, fields);
        setRun(leg, {
          sending: false,
          exchange,
          error: null,
          outcome,
          assertion,
          authMistake,
          flowMistake,
          dpop: dpopTrace,
        });
        const next = outcome.state;
        if (leg === 'api') set({ flow: next, standing: apiAnswered(get().standing, exchange!) });
        else if (!outcome.ok || !next.token)
          set({
            flow: next,
            ...(leg === 'refresh' ? { standing: refreshAnswered(bridge, get().standing, exchange!) } : {}),
          });
        else tokenAdopted(next);
        if (!outcome.ok) await judged(leg);
      },
      loginOptionsSet(login) {
        const { flow } = get();
        if (!flow) return null;
        const next = { ...flow, config: { ...flow.config, login } };
        try {
          set({ flow: next, authorizeUrl: oauth2Flow.buildAuthorizeRequest(next).url });
          return null;
        } catch (e) {
          return (e as Error).message;
        }
      },
      tokenReplaced(next) {
        const { flow, profile: p } = get();
        if (flow && p && next.token && flow.state === next.state && next.token !== flow.token) {
          tokenSaved(next.token, p);
          tokenAdopted({ ...flow, token: next.token });
        }
      },
      bearerSentAnyway() {
        const { flow } = get();
        if (!flow?.token) return;
        set({ bearerProblem: null, drafts: { ...get().drafts, api: api(flow, true) } });
      },
    };
  });
}

export type OAuth2Store = ReturnType<typeof createOAuth2Store>;
