import { firstLegOf, type Grant } from './grant';
import type { FlowRunnerPort } from './host-port';
import { runPollLeg, runRedirectLeg, runSentLeg, type LegRun } from './run-leg';

/** A leg whose verdict ended the run: its name and what it found. */
export class LegFailed<S> extends Error {
  override readonly name = 'LegFailed';
  constructor(
    readonly leg: string,
    readonly run: LegRun<S>
  ) {
    super(run.outcome.summary);
  }
}

/**
 * Runs a grant on its own from its first leg, one leg after the other as the grant orders them, each reported
 * (step, checks) and recorded by the host. Stops at the first leg that fails (LegFailed); otherwise the final state
 * and each leg's run, in order. `succeeded`: told of each leg that succeeded, with the state after it (the CLI prints
 * a device's user code before it polls). `prepared`: the host's own work on the state before a leg (the CLI signs a
 * request object, RFC 9101, into it before the authorization request is pushed or opened).
 */
export async function runFlow<S, C, L extends string>(
  grant: Grant<S, C, L>,
  config: C,
  port: FlowRunnerPort,
  succeeded: (leg: L, state: S) => void = () => {},
  prepared: (leg: L, state: S) => Promise<S> = (_, state) => Promise.resolve(state)
): Promise<{ readonly state: S; readonly runs: ReadonlyMap<L, LegRun<S>> }> {
  let state = grant.start(config, port.random, port.crypto);
  const runs = new Map<L, LegRun<S>>();
  for (let leg: L | null = firstLegOf(grant, state); leg !== null; leg = grant.next(leg, state)) {
    state = await prepared(leg, state);
    const def = grant.legs[leg];
    port.report({ kind: 'step', leg, title: def.title(state) });
    const run =
      def.kind === 'redirect'
        ? await runRedirectLeg(grant, leg, state, port)
        : def.kind === 'poll'
          ? await runPollLeg(grant, leg, state, port)
          : await runSentLeg(grant, leg, () => state, port);
    if (!run.outcome.ok) throw new LegFailed(leg, run);
    runs.set(leg, run);
    state = run.outcome.state;
    succeeded(leg, state);
  }
  return { state, runs };
}
