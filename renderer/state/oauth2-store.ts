import { createStore } from 'zustand/vanilla';
import { BridgeFailure, bridgeErrorOf, type BridgeError } from '../../shared/bridge/result';
import {
  callWithBearer,
  endpointUrl,
  oauth2ConfigOf,
  oauth2Flow,
  type BearerStep,
  type Check,
} from '../../shared/flows';
import { b64TokenProblem } from '../../shared/oauth2/bearer';
import type { OAuth2Leg, OAuth2State } from '../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../shared/http';
import type { HistoryRecord } from '../../shared/store/history-record';
import type { Profile } from '../../shared/store/profile';
import type { RendererDeps } from '../app/deps';
import { annotateHistory, historyRecord, saveToken } from './flow-records';
import type { Caught } from './oauth1-store';
import { pastedQuery } from '../../shared/flows/pasted-url';
import { rejectedCallbackOf, type RejectedCallback } from './rejected-callbacks';
import { interpretRefresh } from '../../shared/oidc/token-lifecycle';
import type { LoginOptions } from '../../shared/oidc/login-options';

/** The legs the app sends itself; authorize happens in the user's browser. */
export type SentLeg = Exclude<OAuth2Leg, 'authorize'>;

export interface OAuth2Run {
  readonly sending: boolean;
  readonly exchange: Exchange | null;
  readonly error: BridgeError | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  /** The bearer call with automatic refresh: what was sent before the final call (a refresh, a 401), in order. */
  readonly before?: readonly BearerStep[];
}

/** Refreshed this long before expires_in runs out when the bearer call refreshes by itself. */
export const AUTO_REFRESH_EARLY_SECONDS = 30;

export interface OAuth2FlowState {
  readonly profile: Profile | null;
  readonly flow: OAuth2State | null;
  readonly current: OAuth2Leg;
  readonly authorizeUrl: string | null;
  /** The catcher's own redirect URI; the profile may send another (then the user pastes the URL landed on). */
  readonly catcherUri: string | null;
  readonly waitId: string | null;
  readonly callback: Caught | null;
  readonly callbackOutcome: OAuth2Run['outcome'];
  readonly waitEnded: { readonly code: string; readonly message: string } | null;
  /** Requests to the callback the catcher refused while this flow waited (not its state). */
  readonly rejected: readonly RejectedCallback[];
  /** Each leg's request as the user may edit it before sending. */
  readonly drafts: Readonly<Partial<Record<SentLeg, RawRequest>>>;
  readonly runs: Readonly<Partial<Record<SentLeg, OAuth2Run>>>;
  readonly startError: BridgeError | null;
  /** Why the access token cannot go in a Bearer header as RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1) writes it; the bearer call waits for the user. */
  readonly bearerProblem: string | null;
  /** The bearer call refreshes once by itself on a 401 or near expiry (shared/flows/bearer-call.ts), then retries. */
  readonly autoRefresh: boolean;
  autoRefreshSet(on: boolean): void;
  flowStarted(profile: Profile, baseUrl: string): Promise<void>;
  legChosen(leg: OAuth2Leg): void;
  draftEdited(leg: SentLeg, patch: Partial<RawRequest>): void;
  authorizationStarted(): Promise<string | null>;
  waitCancelled(): Promise<void>;
  legSent(leg: SentLeg): Promise<void>;
  /** Prepares the bearer call with a token outside the b64token grammar, as the server issued it. */
  bearerSentAnyway(): void;
  /** The URL the browser landed on, pasted when the redirect cannot reach the catcher: the same checks apply. */
  urlPasted(url: string): Promise<void>;
  /** prompt and max_age for the authorization URL (OIDC Core §3.1.2.1): null, or why they cannot be sent. */
  loginOptionsSet(login: LoginOptions): string | null;
  /** A token this flow's refresh obtained on another page (the OpenID Connect page's lifecycle): the flow follows. */
  tokenReplaced(next: OAuth2State): void;
}

export function createOAuth2Store({ bridge, crypto, random, now }: RendererDeps) {
  return createStore<OAuth2FlowState>()((set, get) => {
    const profile = () => get().profile!;
    const setRun = (leg: SentLeg, run: OAuth2Run) => set({ runs: { ...get().runs, [leg]: run } });
    const api = (flow: OAuth2State, outsideGrammar = false): RawRequest =>
      oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile().oauth2.apiPath, outsideGrammar });
    /** The bearer call's draft, or why the token cannot go in a Bearer header (shown on the leg, not thrown). */
    const prepareApi = (flow: OAuth2State): { draft: RawRequest | null; bearerProblem: string | null } => {
      const bearerProblem = flow.token ? b64TokenProblem(flow.token.accessToken) : null;
      return { draft: bearerProblem ? null : api(flow), bearerProblem };
    };

    const callbackArrived = (query: string, callback: Caught | null) => {
      const result = oauth2Flow.interpretCallback(get().flow!, query);
      set({
        flow: result.state,
        callback,
        callbackOutcome: result,
        waitId: null,
        ...(result.ok ? { drafts: { ...get().drafts, token: oauth2Flow.buildTokenExchange(result.state) } } : {}),
      });
    };
    bridge.on('catcherCallback', ({ waitId, callback }) => {
      const { flow } = get();
      if (!flow || waitId !== get().waitId) return;
      callbackArrived(callback.query, callback);
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

    /**
     * The bearer call through callWithBearer with the flow's token (the draft's method, URL and body), refreshed
     * first when within AUTO_REFRESH_EARLY_SECONDS of expiry and once on a 401 (RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1)), then called again.
     * Each exchange is recorded; a refresh updates the flow as the Refresh leg would, and the draft keeps the
     * user's method, URL and body with the new token.
     */
    const apiWithAutoRefresh = async (flow: OAuth2State, draft: RawRequest, p: Profile) => {
      const c = flow.config;
      let state = flow;
      const tokenUrl = endpointUrl(c.baseUrl, p.oauth2.tokenPath);
      /** Each exchange's history record, for its verdict once the bearer call is done. */
      const records = new Map<Exchange, HistoryRecord>();
      const send = async (request: RawRequest): Promise<Exchange> => {
        const record = historyRecord(random, {
          profileId: p.id,
          flow: 'oauth2',
          leg: request.url === tokenUrl ? 'refresh' : 'api',
        });
        const r = await bridge.httpSend({
          request,
          options: { allowSelfSigned: p.allowSelfSigned, timeoutMs: p.timeoutMs },
          record,
        });
        if (!r.ok) throw new BridgeFailure(r.error.code, r.error.message, r.error.details);
        records.set(r.value, record);
        return r.value;
      };
      try {
        const result = await callWithBearer(
          {
            method: draft.method,
            url: draft.url,
            headers: draft.headers.filter(([n]) => n.toLowerCase() !== 'authorization'),
            ...(draft.body !== undefined ? { body: draft.body } : {}),
            extraHeaders: c.headers,
          },
          {
            accessToken: flow.token!.accessToken,
            refreshToken: flow.token!.refreshToken,
            expiresAt: flow.token!.expiresAt,
            scope: flow.token!.scope,
          },
          {
            tokenUrl,
            clientId: c.clientId,
            clientSecret: c.clientSecret,
            authentication: c.authentication ?? 'body',
            bodyFormat: c.tokenBody ?? 'form',
            extraParams: c.extraParams?.refresh ?? [],
            extraHeaders: c.headers,
            earlySeconds: AUTO_REFRESH_EARLY_SECONDS,
            accessTokenField: c.accessTokenField ?? null,
          },
          send,
          now
        );
        for (const step of result.steps) {
          if (step.kind === 'refresh') {
            const refreshed = oauth2Flow.interpretTokenResponse(state, step.exchange, now(), 'refresh');
            state = refreshed.state;
            if (refreshed.ok && state.token)
              saveToken(bridge, random, {
                profileId: p.id,
                kind: 'oauth2',
                token: state.token.accessToken,
                refreshToken: state.token.refreshToken,
                scope: state.token.scope,
                obtainedAt: now(),
                expiresAt: state.token.expiresAt,
              });
          }
          const record = records.get(step.exchange);
          if (record) annotateHistory(bridge, record, step);
        }
        const last = result.steps[result.steps.length - 1]!;
        const outcome =
          last.kind === 'call'
            ? oauth2Flow.interpretBearerResponse(state, last.exchange, now())
            : { ok: false, summary: last.summary, checks: [], state };
        setRun('api', {
          sending: false,
          exchange: last.exchange,
          error: null,
          outcome,
          before: result.steps.slice(0, -1),
        });
        const next = outcome.state;
        const redraft = last.kind === 'call' ? last.exchange.request : get().drafts.api!;
        set({
          flow: next,
          ...(next.token !== flow.token
            ? {
                drafts: {
                  ...get().drafts,
                  api: redraft,
                  ...(next.token?.refreshToken ? { refresh: oauth2Flow.buildRefreshRequest(next) } : {}),
                },
              }
            : {}),
        });
      } catch (e) {
        // The transport's code, or a protocol error's own code and step (a bearer in a GET's body, …).
        const error = bridgeErrorOf(e);
        set({ flow: { ...state, legs: { ...state.legs, api: 'failed' } } });
        setRun('api', { sending: false, exchange: null, error, outcome: null });
      }
    };

    /** A new token (exchange or refresh, here or on another page): saved, and the bearer call and refresh use it. */
    const tokenAdopted = (next: OAuth2State, p: Profile) => {
      if (next.token)
        saveToken(bridge, random, {
          profileId: p.id,
          kind: 'oauth2',
          token: next.token.accessToken,
          refreshToken: next.token.refreshToken,
          scope: next.token.scope,
          obtainedAt: now(),
          expiresAt: next.token.expiresAt,
        });
      const { draft, bearerProblem } = prepareApi(next);
      const { api: _stale, ...others } = get().drafts;
      set({
        flow: next,
        bearerProblem,
        drafts: {
          ...others,
          ...(draft ? { api: draft } : {}),
          ...(next.token?.refreshToken ? { refresh: oauth2Flow.buildRefreshRequest(next) } : {}),
        },
      });
    };

    return {
      profile: null,
      flow: null,
      current: 'authorize',
      authorizeUrl: null,
      catcherUri: null,
      waitId: null,
      callback: null,
      callbackOutcome: null,
      waitEnded: null,
      rejected: [],
      drafts: {},
      runs: {},
      startError: null,
      bearerProblem: null,
      autoRefresh: false,
      autoRefreshSet: (autoRefresh) => set({ autoRefresh }),
      async flowStarted(p, baseUrl) {
        const previous = get().waitId;
        if (previous) void bridge.catcherCancel({ waitId: previous });
        // The mock accepts any loopback port for a registered loopback redirect URI (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)).
        const opened = await bridge.catcherOpen({ port: p.builtIn ? 0 : p.callbackPort, path: p.callbackPath });
        if (!opened.ok) return set({ startError: opened.error, flow: null, profile: p });
        // The login options stay from one attempt to the next (testing as another user takes several).
        const login = get().flow?.config.login;
        const flow = oauth2Flow.startOAuth2(
          { ...oauth2ConfigOf(p, baseUrl, opened.value.redirectUri), ...(login ? { login } : {}) },
          random,
          crypto
        );
        set({
          profile: p,
          flow,
          catcherUri: opened.value.redirectUri,
          current: 'authorize',
          authorizeUrl: oauth2Flow.buildAuthorizeRequest(flow).url,
          waitId: null,
          callback: null,
          callbackOutcome: null,
          waitEnded: null,
          rejected: [],
          drafts: {},
          runs: {},
          startError: null,
          bearerProblem: null,
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
        const r = await bridge.catcherWait({
          port: Number(new URL(get().catcherUri!).port),
          path: profile().callbackPath,
          target: { kind: 'oauth2', state: flow.state },
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
          flow: oauth2Flow.authorizationOpened(flow),
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
        callbackArrived(`?${query}`, null);
      },
      async legSent(leg) {
        const { flow, drafts } = get();
        const request = drafts[leg];
        if (!flow || !request || get().runs[leg]?.sending) return;
        setRun(leg, { sending: true, exchange: null, error: null, outcome: null });
        const p = profile();
        if (leg === 'api' && get().autoRefresh && flow.token?.refreshToken) return apiWithAutoRefresh(flow, request, p);
        const record = historyRecord(random, { profileId: p.id, flow: 'oauth2', leg });
        const r = await bridge.httpSend({
          request,
          options: { allowSelfSigned: p.allowSelfSigned, timeoutMs: p.timeoutMs },
          record,
        });
        const current = get().flow!;
        if (!r.ok) {
          set({ flow: { ...current, legs: { ...current.legs, [leg]: 'failed' } } });
          return setRun(leg, { sending: false, exchange: null, error: r.error, outcome: null });
        }
        // A refresh also says whether the refresh token rotated (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)).
        const outcome =
          leg === 'api'
            ? oauth2Flow.interpretBearerResponse(current, r.value, now())
            : leg === 'refresh'
              ? interpretRefresh(current, r.value, now())
              : oauth2Flow.interpretTokenResponse(current, r.value, now(), leg);
        setRun(leg, { sending: false, exchange: r.value, error: null, outcome });
        annotateHistory(bridge, record, outcome);
        const next = outcome.state;
        if (!outcome.ok || leg === 'api') return set({ flow: next });
        tokenAdopted(next, p);
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
        if (flow && p && next.token && flow.state === next.state && next.token !== flow.token)
          tokenAdopted({ ...flow, token: next.token }, p);
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
