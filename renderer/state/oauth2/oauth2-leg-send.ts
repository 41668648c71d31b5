import { bridgeErrorOf } from '../../../shared/bridge/result';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import { runSentLeg, type LegRun } from '../../../shared/flows/driver/run-leg';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import type { FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import type { Profile } from '../../../shared/store/profile';
import { clientAssertionOf } from '../../../shared/flows/profile-config';
import type { AppliedAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import { acceptedAssertion, appliedAuthMistake } from './auth-mistake-choice';
import { OAUTH2_DPOP_LEGS, withDpopChecks, withPlantedJudged } from '../dpop-page-send';
import { authenticatedWith } from '../page-client-auth';
import { plantedMistakesRefused, withPlantedRefusal } from '../dpop-planted-refusal';
import { flowMistakeMade } from '../flow-mistake-send';
import { withNonceLeftOut } from '../nonce-left-out';
import { apiCallWithAutoRefresh } from './oauth2-api-auto-refresh';
import type { SentLeg } from './oauth2-flow-state';
import { preparedLeg, type PreparedLeg } from './oauth2-leg-prepare';
import { legJudged } from './oauth2-leg-verdict';
import { runSet, type OAuth2PageStore } from './oauth2-page-store';
import type { OAuth2Run } from './oauth2-run';
import { tokenAdopted, tokenSaved } from './oauth2-token-actions';
import { apiAnswered, OAUTH2_PAGE_TOKEN, refreshAnswered } from './oauth2-token-standing';
import { pageHostPort } from '../page-host-port';
import { mistakesMade } from './mistakes-made';

const CODE_GRANT = CLIENT_GRANTS.authorization_code;

/** A leg's send once its request is ready: the attempt it belongs to and the mistakes it makes on purpose. */
interface ReadySend {
  readonly leg: SentLeg;
  readonly p: Profile;
  readonly attempt: number;
  readonly ready: Extract<PreparedLeg, { ok: true }>;
  readonly flowMistake: FlowMistake | null;
  readonly authMistake: ClientAuthMistake | null;
  /** The client authentication mistake as the driver's port makes it (the Basic credentials, the jti to replay). */
  readonly applied: AppliedAuthMistake | null;
  /** Every mistake made on purpose, by name, for the History (mistakes-made.ts). */
  readonly mistakes: string | null;
}

/** A leg marked failed in the flow, with the run that says why. */
function legFailed(page: OAuth2PageStore, flow: OAuth2State, leg: SentLeg, run: OAuth2Run): void {
  page.set({ flow: { ...flow, legs: { ...flow.legs, [leg]: 'failed' } } });
  runSet(page, leg, run);
}

/**
 * The leg's answer in the flow: the token's standing after the bearer call or a refresh, a new token adopted. A
 * refusal of a DPoP mistake made on purpose says nothing of the token (`proofRefused`).
 */
function outcomeAdopted(page: OAuth2PageStore, leg: SentLeg, run: LegRun<OAuth2State>, proofRefused: boolean): void {
  const { deps, get, set } = page;
  const { exchange, outcome } = run;
  const next = outcome.state;
  if (proofRefused) set({ flow: next });
  else if (leg === 'api') set({ flow: next, standing: apiAnswered(get().standing, exchange!) });
  else if (!outcome.ok || !next.token)
    set({
      flow: next,
      ...(leg === 'refresh' ? { standing: refreshAnswered(deps.bridge, get().standing, exchange!) } : {}),
    });
  else tokenAdopted(page, next);
}

/** The ready request sent through the flow driver; its answer judged and shown, unless started over meanwhile. */
async function readyLegSent(page: OAuth2PageStore, send: ReadySend): Promise<void> {
  const { deps, sends, get } = page;
  const { leg, p, attempt, flowMistake, authMistake } = send;
  const pageDpop = send.ready.dpop;
  // The token is saved as soon as the leg has judged it, unless the flow was started over meanwhile.
  const host = pageHostPort(
    deps,
    sends,
    p,
    'oauth2',
    (obtained, leg) => {
      const label = leg === 'refresh' ? OAUTH2_PAGE_TOKEN.refreshed : OAUTH2_PAGE_TOKEN.code;
      if (sends.isCurrent(attempt) && obtained.kind === 'oauth2') tokenSaved(page, obtained.token, p, label);
    },
    send.mistakes
  );
  // The driver authenticates the client: the assertion signed per send (a nonce retry gets its own), DPoP outside.
  const assertionSettings = clientAssertionOf(p, get().flow!.config.baseUrl);
  const authenticated = authenticatedWith(deps, host, assertionSettings, pageDpop, OAUTH2_DPOP_LEGS, send.applied);
  const port = withPlantedJudged(authenticated.port, pageDpop);
  let run;
  try {
    run = await withNonceLeftOut(deps.bridge, flowMistake, () =>
      runSentLeg(CODE_GRANT, leg, () => get().flow!, port, send.ready.request)
    );
  } catch (e) {
    // Started over while it was in flight: the answer (aborted) belongs to a flow that is gone.
    if (!sends.isCurrent(attempt)) return;
    const { assertion, dpop } = authenticated.shown();
    const error = bridgeErrorOf(e);
    return legFailed(page, get().flow!, leg, {
      sending: false,
      exchange: null,
      error,
      outcome: null,
      assertion,
      authMistake,
      dpop,
    });
  }
  if (!sends.isCurrent(attempt)) return;
  const { exchange } = run;
  const { assertion, dpop } = authenticated.shown();
  const fields = run.outcome.state.token?.fields;
  const outcome = withPlantedRefusal(withDpopChecks(run.outcome, leg, fields, dpop), exchange, dpop?.planted);
  const shown: OAuth2Run = {
    sending: false,
    exchange,
    error: null,
    outcome,
    assertion,
    authMistake,
    flowMistake,
    dpop,
  };
  runSet(page, leg, shown);
  outcomeAdopted(page, leg, { exchange, outcome }, !outcome.ok && plantedMistakesRefused(dpop?.planted) !== null);
  if (!outcome.ok) await legJudged(page, leg);
}

/**
 * A sent leg (token, refresh, the bearer call) from its draft: the mistakes chosen made once and forgotten, the
 * request made ready in the host, then sent; the bearer call with automatic refresh goes its own way.
 */
export async function oauth2LegSent(page: OAuth2PageStore, leg: SentLeg): Promise<void> {
  const { deps, sends, get, set, dpopNonces } = page;
  const { flow, drafts } = get();
  const request = drafts[leg];
  if (!flow || !request || get().runs[leg]?.sending) return;
  const replayable = acceptedAssertion(get().runs[leg]);
  const { flowMistake, sent } = flowMistakeMade(get(), leg, request, deps.random);
  const { [leg]: _judged, ...verdicts } = get().verdicts;
  set({ verdicts, ...(flowMistake ? { flowMistake: null } : {}) });
  runSet(page, leg, { sending: true, exchange: null, error: null, outcome: null });
  const p = get().profile!;
  if (leg === 'api' && get().autoRefresh && flow.token?.refreshToken)
    return apiCallWithAutoRefresh(page, flow, request, p);
  const attempt = sends.attempt();
  const authMistake = get().authMistakes[leg] ?? null;
  const dpopMistake = get().dpopMistakes[leg] ?? null;
  get().authMistakeChosen(leg, null);
  get().dpopMistakeChosen(leg, null);
  const applied = appliedAuthMistake(authMistake, flow.config, replayable);
  const ready = await preparedLeg(deps, p, flow, leg, sent, { flowMistake, dpopNonces, dpopMistake });
  if (!ready.ok)
    return legFailed(page, flow, leg, {
      sending: false,
      exchange: null,
      error: ready.error,
      outcome: null,
      authMistake,
    });
  const mistakes = mistakesMade({ flowMistake, authMistake, dpopMistake });
  await readyLegSent(page, { leg, p, attempt, ready, flowMistake, authMistake, applied, mistakes });
}
