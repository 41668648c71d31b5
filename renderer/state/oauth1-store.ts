import { createStore } from 'zustand/vanilla';
import { BridgeFailure, bridgeErrorOf } from '../../shared/bridge/result';
import { oauth1Flow, oauth1ConfigOf } from '../../shared/flows';
import { CLIENT_GRANTS } from '../../shared/flows/driver/registry';
import { interpretRedirect, runSentLeg } from '../../shared/flows/driver/run-leg';
import type { OAuth1State } from '../../shared/flows/oauth1-flow';
import { pastedQuery } from '../../shared/flows/pasted-url';
import { traceSignature, type SignatureTrace } from '../../shared/oauth1';
import type { SavedTokenInput } from '../../shared/store/saved-token';
import type { RendererDeps } from '../app/deps';
import { applyMistake, type MistakeApplied } from './deliberate-mistake';
import { saveToken, savedTokenRefused } from './flow-records';
import { flowSends } from './flow-sends';
import type { AuthorizeLeg, Caught, LegRun, OAuth1FlowState } from './oauth1-flow-state';
import { prefillDraft, type OAuth1Draft, type SignedLeg } from './oauth1-drafts';
import { pageHostPort } from './page-host-port';
import { rejectedCallbackOf } from './rejected-callbacks';

const OAUTH1 = CLIENT_GRANTS.oauth1_three_legged;

const idleAuthorize: AuthorizeLeg = {
  url: null,
  waitId: null,
  callback: null,
  outcome: null,
  ended: null,
  rejected: [],
};

export function createOAuth1Store(deps: RendererDeps) {
  const { bridge, crypto, random, now } = deps;
  return createStore<OAuth1FlowState>()((set, get) => {
    const fresh = () => oauth1Flow.freshNonceAndTimestamp(random, now());
    const withDraft = (leg: SignedLeg, flow: OAuth1State) => ({
      ...get().drafts,
      [leg]: prefillDraft(leg, flow, get().profile!, fresh()),
    });
    const setRun = (leg: SignedLeg, run: LegRun) => set({ runs: { ...get().runs, [leg]: run } });
    const sends = flowSends(bridge);

    const callbackArrived = (query: string, callback: Caught | null) => {
      const result = interpretRedirect(OAUTH1, 'authorize', get().flow!, query);
      set({
        flow: result.state,
        authorize: { ...get().authorize, callback, outcome: result, waitId: null, ended: null },
        ...(result.ok ? { drafts: withDraft('accessToken', result.state) } : {}),
      });
    };
    bridge.on('catcherCallback', ({ waitId, callback }) => {
      const { flow, authorize } = get();
      if (!flow || waitId !== authorize.waitId) return;
      callbackArrived(callback.query, callback);
    });
    bridge.on('catcherEvent', (event) => {
      const { authorize, redirectUri } = get();
      const rejected = authorize.waitId ? rejectedCallbackOf(event, redirectUri, 'oauth1') : null;
      if (rejected) set({ authorize: { ...authorize, rejected: [...authorize.rejected, rejected] } });
    });
    bridge.on('catcherWaitEnded', ({ waitId, code, message }) => {
      const { flow, authorize } = get();
      if (!flow || waitId !== authorize.waitId) return;
      set({
        authorize: { ...authorize, waitId: null, ended: { code, message } },
        flow: { ...flow, legs: { ...flow.legs, authorize: 'ready' } },
      });
    });

    const sign = async (draft: OAuth1Draft): Promise<SignatureTrace> => {
      // RSA private keys stay in the host; everything else is signed here, exactly as the live trace shows.
      if (!draft.signatureMethod.startsWith('RSA-')) return traceSignature(draft, crypto);
      const r = await bridge.oauth1Trace(draft);
      if (!r.ok)
        throw new BridgeFailure(r.error.code, r.error.message, { step: String(r.error.details?.step ?? 'signature') });
      return r.value;
    };

    return {
      profile: null,
      flow: null,
      redirectUri: null,
      current: 'requestToken',
      drafts: {},
      runs: {},
      mistakes: {},
      authorize: idleAuthorize,
      startError: null,
      savedAccess: null,
      async flowStarted(profile, baseUrl) {
        sends.cancelAll();
        const previous = get().authorize.waitId;
        if (previous) void bridge.catcherCancel({ waitId: previous });
        // The mock accepts any loopback port (RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)), so it gets a free one; a real server gets the registered port.
        const opened = await bridge.catcherOpen({
          port: profile.builtIn ? 0 : profile.callbackPort,
          path: profile.callbackPath,
        });
        if (!opened.ok) return set({ startError: opened.error, flow: null, profile });
        const flow = oauth1Flow.startOAuth1(oauth1ConfigOf(profile, baseUrl, opened.value.redirectUri));
        set({
          profile,
          flow,
          redirectUri: opened.value.redirectUri,
          current: 'requestToken',
          runs: {},
          mistakes: {},
          authorize: idleAuthorize,
          startError: null,
          savedAccess: null,
          drafts: { requestToken: prefillDraft('requestToken', flow, profile, fresh()) },
        });
      },
      legChosen: (current) => set({ current }),
      draftEdited(leg, patch) {
        const draft = get().drafts[leg];
        if (draft) set({ drafts: { ...get().drafts, [leg]: { ...draft, ...patch } } });
      },
      nonceRenewed(leg) {
        get().draftEdited(leg, fresh());
      },
      mistakeChosen(leg, mistake) {
        const { [leg]: _, ...others } = get().mistakes;
        set({ mistakes: mistake ? { ...others, [leg]: mistake } : others });
      },
      async legSent(leg) {
        const { flow, drafts, profile } = get();
        const draft = drafts[leg];
        if (!flow || !draft || !profile || get().runs[leg]?.sending) return;
        setRun(leg, { sending: true, sent: null, exchange: null, error: null, outcome: null });
        let trace: SignatureTrace;
        let mistake: MistakeApplied | null = null;
        try {
          trace = await sign(draft);
          const chosen = get().mistakes[leg];
          // The learner's mistake, made once on the request the app signed, then forgotten.
          if (chosen) mistake = applyMistake(trace, chosen, draft, crypto);
        } catch (e) {
          return setRun(leg, { sending: false, sent: null, exchange: null, error: bridgeErrorOf(e), outcome: null });
        }
        get().mistakeChosen(leg, null);
        const attempt = sends.attempt();
        // The access token is saved once the leg has judged it (the flow driver), unless started over meanwhile.
        let obtained: SavedTokenInput | null = null;
        const port = pageHostPort(deps, sends, profile, 'oauth1', (tokens) => {
          if (!sends.isCurrent(attempt) || tokens.kind !== 'oauth1') return;
          const { token, secret: tokenSecret } = tokens;
          const saved = { profileId: profile.id, token, tokenSecret, obtainedAt: now(), expiresAt: null };
          obtained = saveToken(bridge, random, { ...saved, kind: 'oauth1' });
        });
        const request = oauth1Flow.sentRequest(flow, mistake?.request ?? trace.request);
        let run;
        try {
          run = await runSentLeg(OAUTH1, leg, () => get().flow!, port, request);
        } catch (e) {
          // Started over while it was in flight: the answer (aborted) belongs to a flow that is gone.
          if (!sends.isCurrent(attempt)) return;
          const failed = { ...get().flow!, legs: { ...get().flow!.legs, [leg]: 'failed' as const } };
          set({ drafts: { ...get().drafts, [leg]: { ...draft, ...fresh() } }, flow: failed });
          return setRun(leg, {
            sending: false,
            sent: trace,
            exchange: null,
            error: bridgeErrorOf(e),
            outcome: null,
            mistake,
          });
        }
        if (!sends.isCurrent(attempt)) return;
        // A nonce is single-use (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)): the next send of this leg gets a new one.
        const next = { ...get().drafts, [leg]: { ...draft, ...fresh() } };
        const current = get().flow!;
        const { exchange, outcome } = run;
        setRun(leg, { sending: false, sent: trace, exchange, error: null, outcome, mistake });
        const advance: Partial<OAuth1FlowState> = obtained ? { savedAccess: obtained } : {};
        // The leg stays on screen with its result; the stepper shows the next leg ready.
        if (outcome.ok && leg === 'requestToken')
          Object.assign(advance, { authorize: { ...idleAuthorize, url: oauth1Flow.buildAuthorizeUrl(outcome.state) } });
        const saved = get().savedAccess;
        if (saved && !current.accessToken?.deauthorized && outcome.state.accessToken?.deauthorized)
          Object.assign(advance, { savedAccess: savedTokenRefused(bridge, saved, 'revoked') });
        if (outcome.ok && leg === 'accessToken')
          Object.assign(advance, { drafts: { ...next, api: prefillDraft('api', outcome.state, profile, fresh()) } });
        set({ flow: outcome.state, drafts: next, ...advance });
      },
      async authorizationStarted() {
        const { flow, profile, authorize } = get();
        if (!flow?.requestToken || !profile || !authorize.url) return null;
        if (authorize.waitId) return authorize.url;
        if (flow.config.callback !== 'oob') {
          const port = Number(new URL(get().redirectUri!).port);
          const r = await bridge.catcherWait({
            port,
            path: profile.callbackPath,
            target: { kind: 'oauth1', requestToken: flow.requestToken.token },
          });
          if (!r.ok) {
            set({ authorize: { ...authorize, ended: { code: r.error.code, message: r.error.message } } });
            return null;
          }
          set({
            authorize: {
              ...authorize,
              waitId: r.value.waitId,
              ended: null,
              callback: null,
              outcome: null,
              rejected: [],
            },
          });
        }
        set({ flow: oauth1Flow.authorizationOpened(get().flow!) });
        return authorize.url;
      },
      async waitCancelled() {
        const { waitId } = get().authorize;
        if (waitId) await bridge.catcherCancel({ waitId });
      },
      async urlPasted(url) {
        const { flow, authorize } = get();
        if (!flow) return;
        let query: string;
        try {
          query = pastedQuery(url).query;
        } catch (e) {
          return set({
            authorize: { ...authorize, outcome: { ok: false, summary: (e as Error).message, checks: [] } },
          });
        }
        // The wait is dropped first, so its end is not reported as a failed wait.
        set({ authorize: { ...authorize, waitId: null } });
        if (authorize.waitId) await bridge.catcherCancel({ waitId: authorize.waitId });
        // Its query judged as a caught callback's is (and as the CLI judges a pasted one).
        callbackArrived(`?${query}`, null);
      },
      verifierEntered(verifier) {
        const { flow } = get();
        if (!flow) return;
        try {
          const state = oauth1Flow.verifierEntered(flow, verifier);
          set({
            flow: state,
            drafts: withDraft('accessToken', state),
            authorize: { ...get().authorize, outcome: { ok: true, summary: 'Verifier entered.', checks: [] } },
          });
        } catch (e) {
          set({ authorize: { ...get().authorize, outcome: { ok: false, summary: (e as Error).message, checks: [] } } });
        }
      },
    };
  });
}

export type OAuth1Store = ReturnType<typeof createOAuth1Store>;
