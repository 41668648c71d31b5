import { bridgeErrorOf } from '../../../shared/bridge/result';
import { oauth1Flow } from '../../../shared/flows';
import type { Interpretation } from '../../../shared/flows/common';
import { runSentLeg } from '../../../shared/flows/driver/run-leg';
import type { OAuth1State } from '../../../shared/flows/oauth1-flow';
import type { SignatureTrace } from '../../../shared/oauth1';
import type { Profile } from '../../../shared/store/profile';
import type { SavedTokenInput } from '../../../shared/store/saved-token';
import { applyMistake, type MistakeApplied } from '../deliberate-mistake';
import { saveToken, savedTokenRefused } from '../flow-records';
import type { OAuth1FlowState } from './oauth1-flow-state';
import { prefillDraft, type OAuth1Draft, type SignedLeg } from './oauth1-drafts';
import { idleAuthorize, OAUTH1, type OAuth1Kit } from './oauth1-store-kit';
import { pageHostPort } from '../page-host-port';

/** Signs the draft, then makes the learner's chosen mistake once on the request the app signed, and forgets it. */
async function signWithMistake(
  { deps: { crypto }, get, sign }: OAuth1Kit,
  leg: SignedLeg,
  draft: OAuth1Draft
): Promise<{ trace: SignatureTrace; mistake: MistakeApplied | null }> {
  const trace = await sign(draft);
  const chosen = get().mistakes[leg];
  return { trace, mistake: chosen ? applyMistake(trace, chosen, draft, crypto) : null };
}

/** What the store takes on after a leg's answer: the authorize URL, the saved access token, the next draft. */
function advanceAfter(
  { deps: { bridge }, get, fresh }: OAuth1Kit,
  leg: SignedLeg,
  before: OAuth1State,
  outcome: Interpretation<OAuth1State>,
  profile: Profile,
  obtained: SavedTokenInput | null
): Partial<OAuth1FlowState> {
  const advance: Partial<OAuth1FlowState> = obtained ? { savedAccess: obtained } : {};
  // The leg stays on screen with its result; the stepper shows the next leg ready.
  if (outcome.ok && leg === 'requestToken')
    Object.assign(advance, { authorize: { ...idleAuthorize, url: oauth1Flow.buildAuthorizeUrl(outcome.state) } });
  const saved = get().savedAccess;
  if (saved && !before.accessToken?.deauthorized && outcome.state.accessToken?.deauthorized)
    Object.assign(advance, { savedAccess: savedTokenRefused(bridge, saved, 'revoked') });
  if (outcome.ok && leg === 'accessToken')
    Object.assign(advance, { drafts: { api: prefillDraft('api', outcome.state, profile, fresh()) } });
  return advance;
}

/** The OAuth 1.0a store's send of a signed leg (request token, access token, API call), judged by the flow driver. */
export function oauth1SendAction(kit: OAuth1Kit): Pick<OAuth1FlowState, 'legSent'> {
  const { deps, set, get, sends, fresh, setRun } = kit;
  const { bridge, random, now } = deps;
  return {
    async legSent(leg) {
      const { flow, drafts, profile } = get();
      const draft = drafts[leg];
      if (!flow || !draft || !profile || get().runs[leg]?.sending) return;
      setRun(leg, { sending: true, sent: null, exchange: null, error: null, outcome: null });
      let signed;
      try {
        signed = await signWithMistake(kit, leg, draft);
      } catch (e) {
        return setRun(leg, { sending: false, sent: null, exchange: null, error: bridgeErrorOf(e), outcome: null });
      }
      const { trace, mistake } = signed;
      get().mistakeChosen(leg, null);
      const attempt = sends.attempt();
      // The access token is saved once the leg has judged it (the flow driver), unless started over meanwhile.
      let obtained: SavedTokenInput | null = null;
      const port = pageHostPort(
        deps,
        sends,
        profile,
        'oauth1',
        (tokens) => {
          if (!sends.isCurrent(attempt) || tokens.kind !== 'oauth1') return;
          const { token, secret: tokenSecret } = tokens;
          const saved = { profileId: profile.id, token, tokenSecret, obtainedAt: now(), expiresAt: null };
          obtained = saveToken(bridge, random, { ...saved, kind: 'oauth1', label: 'OAuth 1.0a page' });
        },
        mistake?.mistake.title ?? null
      );
      const request = oauth1Flow.sentRequest(flow, mistake?.request ?? trace.request);
      let run;
      try {
        run = await runSentLeg(OAUTH1, leg, () => get().flow!, port, request);
      } catch (e) {
        // Started over while it was in flight: the answer (aborted) belongs to a flow that is gone.
        if (!sends.isCurrent(attempt)) return;
        const failed = { ...get().flow!, legs: { ...get().flow!.legs, [leg]: 'failed' as const } };
        set({ drafts: { ...get().drafts, [leg]: { ...draft, ...fresh() } }, flow: failed });
        const error = bridgeErrorOf(e);
        return setRun(leg, { sending: false, sent: trace, exchange: null, error, outcome: null, mistake });
      }
      if (!sends.isCurrent(attempt)) return;
      // A nonce is single-use (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)): the next send of this leg gets a new one.
      const next = { ...get().drafts, [leg]: { ...draft, ...fresh() } };
      const current = get().flow!;
      const { exchange, outcome } = run;
      setRun(leg, { sending: false, sent: trace, exchange, error: null, outcome, mistake });
      const advance = advanceAfter(kit, leg, current, outcome, profile, obtained);
      set({ flow: outcome.state, ...advance, drafts: { ...next, ...advance.drafts } });
    },
  };
}
