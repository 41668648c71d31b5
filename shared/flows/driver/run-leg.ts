import type { Exchange, RawRequest } from '../../http';
import type { Interpretation } from '../common';
import type { Grant, RedirectLeg, SentLeg } from './grant';
import type { FlowHostPort, FlowRunnerPort } from './host-port';

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
 * was in flight); the host records the exchange with this very interpretation's verdict. Tokens the leg obtained
 * are saved.
 */
export async function runSentLeg<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: () => S,
  port: FlowHostPort,
  edited?: RawRequest
): Promise<LegRun<S>> {
  const def = sentLeg(grant, leg);
  const request = edited ?? def.build(state());
  let outcome: Interpretation<S> | null = null;
  let before: S | null = null;
  const judge = (exchange: Exchange) => (outcome ??= def.interpret((before = state()), exchange, port.now()));
  const exchange = await port.send(request, { leg, verdictOf: (e) => verdictOf(judge(e)) });
  const judged = judge(exchange);
  port.report({ kind: 'checks', leg, checks: judged.checks });
  const token = grant.tokenOf(judged.state);
  if (judged.ok && token && token !== grant.tokenOf(before!)) port.saveTokens(token, leg);
  return { exchange, outcome: judged };
}

/** The state while the user's browser is at the authorization URL, and that URL. */
export function openRedirectLeg<S, C, L extends string>(grant: Grant<S, C, L>, leg: L, state: S) {
  const def = redirectLeg(grant, leg);
  return { url: def.url(state), expected: def.expected(state), state: def.opened(state) };
}

/** The redirect's query judged (caught by the host's catcher or pasted by the user). */
export function interpretRedirect<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: S,
  query: string
): Interpretation<S> {
  return redirectLeg(grant, leg).interpret(state, query);
}

/** A front-channel leg through the host: the browser is sent to the URL, the redirect is awaited and judged. */
export async function runRedirectLeg<S, C, L extends string>(
  grant: Grant<S, C, L>,
  leg: L,
  state: S,
  port: FlowRunnerPort
): Promise<LegRun<S>> {
  const opened = openRedirectLeg(grant, leg, state);
  const query = await port.awaitRedirect(opened.url, opened.expected);
  const outcome = interpretRedirect(grant, leg, opened.state, query);
  port.report({ kind: 'checks', leg, checks: outcome.checks });
  return { exchange: null, outcome };
}
