import type { Exchange, RawRequest } from '../../http';
import type { Interpretation } from '../common';
import type { Grant, PollLeg, RedirectLeg, SentLeg } from './grant';
import type { FlowHostPort, FlowRunnerPort, RedirectLanded } from './host-port';

/** One leg as it ran: the exchange (none for a redirect) and the interpretation. */
export interface LegRun<S> {
  readonly exchange: Exchange | null;
  readonly outcome: Interpretation<S>;
}

const verdictOf = (outcome: { ok: boolean; summary: string }) => ({
  outcome: outcome.ok ? ('succeeded' as const) : ('failed' as const),
  summary: outcome.summary,
});

function sentLeg<S, C, L extends string>(grant: Grant<S, C, L>, leg: L): SentLeg<S> {
  const def = grant.legs[leg];
  if (def.kind !== 'send') throw new Error(`The ${grant.name} grant's ${leg} leg is not sent by the client.`);
  return def;
}

function redirectLeg<S, C, L extends string>(grant: Grant<S, C, L>, leg: L): RedirectLeg<S> {
  const def = grant.legs[leg];
  if (def.kind !== 'redirect') throw new Error(`The ${grant.name} grant's ${leg} leg is not a redirect.`);
  return def;
}

/**
 * Sends one leg's request (as built from the state, or as the user edited it) and interprets the exchange once, at
 * the host's clock, against the state as it is when the answer comes (`state()`: a page may have moved on while it
 * was in flight); the host records the exchange with this very interpretation's verdict. Throws what the host's
 * send throws (no answer: the host recorded it as not answered).
 */
export async function sendLeg<S, I extends Interpretation<S>>(
  def: Pick<SentLeg<S, I>, 'build' | 'interpret'>,
  leg: string,
  state: () => S,
  port: FlowHostPort,
  edited?: RawRequest
): Promise<{ readonly exchange: Exchange; readonly outcome: I; readonly before: S }> {
  const request = edited ?? def.build(state(), port);
  // Judged once per exchange: the host's verdict and the leg's outcome agree. A host may send more than once for a
  // leg (a DPoP nonce retry, RFC 9449 §8); each attempt is judged on its own.
  let judged: { exchange: Exchange; outcome: I; before: S } | null = null;
  const judge = (exchange: Exchange) => {
    if (judged?.exchange !== exchange) {
      const before = state();
      judged = { exchange, before, outcome: def.interpret(before, exchange, port.now()) };
    }
    return judged;
  };
  const exchange = await port.send(request, { leg, verdictOf: (e) => verdictOf(judge(e).outcome) });
  const { outcome, before } = judge(exchange);
  port.report({ kind: 'checks', leg, checks: outcome.checks });
  return { exchange, outcome, before };
}

/** A grant's sent leg through sendLeg; tokens the leg obtained are saved. */
export async function runSentLeg<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: () => S,
  port: FlowHostPort,
  edited?: RawRequest
): Promise<LegRun<S>> {
  const { exchange, outcome, before } = await sendLeg(sentLeg(grant, leg), leg, state, port, edited);
  const obtained = outcome.ok ? grant.tokensObtained(before, outcome.state) : null;
  if (obtained) port.saveTokens(obtained, leg);
  return { exchange, outcome };
}

function pollLeg<S, C, L extends string>(grant: Grant<S, C, L>, leg: L): PollLeg<S> {
  const def = grant.legs[leg];
  if (def.kind !== 'poll') throw new Error(`The ${grant.name} grant's ${leg} leg is not a polling leg.`);
  return def;
}

/**
 * A polling leg through the host: wait the leg's interval, send, judge; again while the answer is pending (each
 * attempt recorded and reported, and handed to `progress` so a page can list it as it happens). Ends with the
 * first final answer; tokens it brought are saved. Throws what the host's sleep or send throws (stopped).
 */
export async function runPollLeg<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  start: S,
  port: FlowHostPort,
  progress: (state: S) => void = () => {}
): Promise<LegRun<S>> {
  const def = pollLeg(grant, leg);
  let state = start;
  for (;;) {
    await port.sleep(def.wait(state) * 1000);
    const { exchange, outcome, before } = await sendLeg(def, leg, () => state, port);
    state = outcome.state;
    progress(state);
    if (outcome.pending) continue;
    const obtained = outcome.ok ? grant.tokensObtained(before, state) : null;
    if (obtained) port.saveTokens(obtained, leg);
    return { exchange, outcome };
  }
}

/** The state while the user's browser is at the authorization URL, and that URL. */
export function openRedirectLeg<S, C, L extends string>(grant: Grant<S, C, L>, leg: L, state: S) {
  const def = redirectLeg(grant, leg);
  return { url: def.url(state), expected: def.expected(state), state: def.opened(state) };
}

/** The redirect's query judged (caught by the host's catcher or pasted by the user). */
function interpretRedirect<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: S,
  query: string
): Interpretation<S> {
  return redirectLeg(grant, leg).interpret(state, query);
}

/** Where the redirect back landed: the pasted URL's address, or the leg's redirect URI (caught there), with the query. */
function callbackUrlOf(redirectUri: string, landed: RedirectLanded): string {
  const at = landed.pastedUrl === null ? redirectUri : landed.pastedUrl.split(/[?#]/)[0]!;
  return `${at}?${landed.query.replace(/^\?/, '')}`;
}

/**
 * The redirect back judged against the state the browser left with (the catcher's, a pasted URL's, for the app
 * and the CLI alike), its checks reported, and the authorization leg recorded once by the host with that verdict:
 * the history holds the authorization request and the callback as every other leg's exchange. The outcome at once
 * (a page shows it), `recorded` once the host has written it (what reads the history waits for it).
 */
export function judgeRedirect<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  opened: S,
  landed: RedirectLanded,
  port: FlowHostPort
): { readonly outcome: Interpretation<S>; readonly recorded: Promise<void> } {
  const outcome = interpretRedirect(grant, leg, opened, landed.query);
  port.report({ kind: 'checks', leg, checks: outcome.checks });
  const recorded = port.recordRedirect({
    leg,
    authorizeUrl: landed.authorizeUrl,
    callbackUrl: callbackUrlOf(redirectLeg(grant, leg).redirectUri(opened), landed),
    pasted: landed.pastedUrl !== null,
    openedAt: landed.openedAt,
    verdict: verdictOf(outcome),
  });
  return { outcome, recorded };
}

/** A front-channel leg through the host: the browser is sent to the URL, the redirect is awaited and judged. */
export async function runRedirectLeg<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: S,
  port: FlowRunnerPort
): Promise<LegRun<S>> {
  const opened = openRedirectLeg(grant, leg, state);
  const landed = await port.awaitRedirect(opened.url, opened.expected);
  const { outcome, recorded } = judgeRedirect(grant, leg, opened.state, landed, port);
  await recorded;
  return { exchange: null, outcome };
}
