import { createStore } from 'zustand/vanilla';
import { transportOf } from '../../shared/flows/profile-config';
import type { EventPayload } from '../../shared/bridge/contract';
import { BridgeFailure, bridgeErrorOf, type BridgeError } from '../../shared/bridge/result';
import { oauth1Flow, oauth1ConfigOf, type Check } from '../../shared/flows';
import type { OAuth1Leg, OAuth1State } from '../../shared/flows/oauth1-flow';
import type { Exchange } from '../../shared/http';
import { traceSignature, type Param, type SignatureTrace } from '../../shared/oauth1';
import { pastedQuery } from '../../shared/flows/pasted-url';
import type { Profile } from '../../shared/store/profile';
import type { SavedTokenInput } from '../../shared/store/saved-token';
import type { RendererDeps } from '../app/deps';
import { prefillDraft, type OAuth1Draft, type SignedLeg } from './oauth1-drafts';
import { annotateHistory, historyRecord, saveToken, savedTokenRefused } from './flow-records';
import { flowSends } from './flow-sends';
import { rejectedCallbackOf, type RejectedCallback } from './rejected-callbacks';
import { applyMistake, type DeliberateMistake, type MistakeApplied } from './deliberate-mistake';

export interface LegRun {
  readonly sending: boolean;
  /** The trace of what was sent (the draft may have changed since). */
  readonly sent: SignatureTrace | null;
  readonly exchange: Exchange | null;
  /** Unreachable server, TLS, timeout, a signing error: the leg that caused it shows it. */
  readonly error: BridgeError | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  /** The mistake made on purpose in this send, with the base string and request it gave. */
  readonly mistake?: MistakeApplied | null;
}

export type Caught = EventPayload<'catcherCallback'>['callback'];

export interface AuthorizeLeg {
  readonly url: string | null;
  readonly waitId: string | null;
  readonly callback: Caught | null;
  readonly outcome: LegRun['outcome'];
  /** Why the wait ended without a callback (timeout, cancelled, port closed). */
  readonly ended: { readonly code: string; readonly message: string } | null;
  /** Requests to the callback the catcher refused while this flow waited (not its request token). */
  readonly rejected: readonly RejectedCallback[];
}

export interface OAuth1FlowState {
  readonly profile: Profile | null;
  readonly flow: OAuth1State | null;
  readonly redirectUri: string | null;
  readonly current: OAuth1Leg;
  readonly drafts: Readonly<Partial<Record<SignedLeg, OAuth1Draft>>>;
  readonly runs: Readonly<Partial<Record<SignedLeg, LegRun>>>;
  /** A mistake to make on purpose in each leg's next send (the learner's choice), then forgotten. */
  readonly mistakes: Readonly<Partial<Record<SignedLeg, DeliberateMistake>>>;
  readonly authorize: AuthorizeLeg;
  readonly startError: BridgeError | null;
  /** The access token's saved record, marked revoked when the server refuses the token itself (interface §3). */
  readonly savedAccess: SavedTokenInput | null;
  flowStarted(profile: Profile, baseUrl: string): Promise<void>;
  legChosen(leg: OAuth1Leg): void;
  draftEdited(leg: SignedLeg, patch: Partial<OAuth1Draft>): void;
  nonceRenewed(leg: SignedLeg): void;
  mistakeChosen(leg: SignedLeg, mistake: DeliberateMistake | null): void;
  legSent(leg: SignedLeg): Promise<void>;
  authorizationStarted(): Promise<string | null>;
  waitCancelled(): Promise<void>;
  verifierEntered(verifier: string): void;
  /** The URL the browser landed on, pasted when the redirect cannot reach the catcher: the same checks apply. */
  urlPasted(url: string): Promise<void>;
}

const idleAuthorize: AuthorizeLeg = {
  url: null,
  waitId: null,
  callback: null,
  outcome: null,
  ended: null,
  rejected: [],
};

export function createOAuth1Store({ bridge, crypto, random, now }: RendererDeps) {
  return createStore<OAuth1FlowState>()((set, get) => {
    const fresh = () => oauth1Flow.freshNonceAndTimestamp(random, now());
    const withDraft = (leg: SignedLeg, flow: OAuth1State) => ({
      ...get().drafts,
      [leg]: prefillDraft(leg, flow, get().profile!, fresh()),
    });
    const setRun = (leg: SignedLeg, run: LegRun) => set({ runs: { ...get().runs, [leg]: run } });
    const sends = flowSends(bridge);

    const callbackArrived = (query: string | readonly Param[], callback: Caught | null) => {
      const result = oauth1Flow.interpretCallback(get().flow!, query);
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
        const record = historyRecord(random, { profileId: profile.id, flow: 'oauth1', leg });
        const attempt = sends.attempt();
        const r = await sends.httpSend({
          request: oauth1Flow.sentRequest(flow, mistake?.request ?? trace.request),
          options: transportOf(profile),
          record,
        });
        // Started over while it was in flight: the answer (aborted) belongs to a flow that is gone.
        if (!sends.isCurrent(attempt)) return;
        // A nonce is single-use (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)): the next send of this leg gets a new one.
        const next = { ...get().drafts, [leg]: { ...draft, ...fresh() } };
        if (!r.ok) {
          set({ drafts: next, flow: { ...get().flow!, legs: { ...get().flow!.legs, [leg]: 'failed' } } });
          return setRun(leg, { sending: false, sent: trace, exchange: null, error: r.error, outcome: null, mistake });
        }
        const current = get().flow!;
        const outcome =
          leg === 'requestToken'
            ? oauth1Flow.interpretRequestToken(current, r.value, now())
            : leg === 'accessToken'
              ? oauth1Flow.interpretAccessToken(current, r.value, now())
              : oauth1Flow.interpretApiResponse(current, r.value);
        setRun(leg, { sending: false, sent: trace, exchange: r.value, error: null, outcome, mistake });
        annotateHistory(bridge, record, outcome);
        const advance: Partial<OAuth1FlowState> = {};
        // The leg stays on screen with its result; the stepper shows the next leg ready.
        if (outcome.ok && leg === 'requestToken')
          Object.assign(advance, { authorize: { ...idleAuthorize, url: oauth1Flow.buildAuthorizeUrl(outcome.state) } });
        if (outcome.ok && leg === 'accessToken' && outcome.state.accessToken) {
          const savedAccess = saveToken(bridge, random, {
            profileId: profile.id,
            kind: 'oauth1',
            token: outcome.state.accessToken.token,
            tokenSecret: outcome.state.accessToken.secret,
            obtainedAt: now(),
            expiresAt: null,
          });
          Object.assign(advance, { savedAccess });
        }
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
        let params: Param[];
        try {
          params = pastedQuery(url).params;
        } catch (e) {
          return set({
            authorize: { ...authorize, outcome: { ok: false, summary: (e as Error).message, checks: [] } },
          });
        }
        // The wait is dropped first, so its end is not reported as a failed wait.
        set({ authorize: { ...authorize, waitId: null } });
        if (authorize.waitId) await bridge.catcherCancel({ waitId: authorize.waitId });
        callbackArrived(params, null);
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
