import type { Grant, PollLeg } from '../../../shared/flows/driver/grant';
import type { LegStatus } from '../../../shared/flows';
import { useDeps } from '../../app/stores';
import type { GrantFlowState, GrantLegRun } from '../../state/machine/grant-store';
import type { GrantPageParts, GrantPageState } from './grant-page-parts';
import type { LegAction } from './LegActions';
import { LegPanel, requestOf } from './LegPanel';
import { PollAttempts } from './PollAttempts';
import { RedirectLegPanel } from './RedirectLegPanel';

type Next = { title: string; go: () => void } | null;
type Actions<S, L extends string> = Pick<
  GrantFlowState<S, L>,
  'legSent' | 'flowEdited' | 'redirectOpened' | 'redirectLanded'
>;

/** A sent leg's button: Send (or the grant's word for sending again), disabled until the leg can be sent. */
function sendAction(label: string, run: GrantLegRun | undefined, sendable: boolean, send: () => void): LegAction {
  return { label: run?.sending ? 'Sending…' : label, run: send, disabled: !!run?.sending || !sendable };
}

/** A polling leg's button: Poll until its answer is final (RFC 8628 §3.5), none once it succeeded. */
function pollAction(status: LegStatus, run: GrantLegRun | undefined, send: () => void): LegAction | null {
  if (run?.sending) return { label: 'Polling…', run: () => {}, disabled: true };
  return status === 'succeeded' ? null : { label: 'Poll', run: send, disabled: status === 'not_started' };
}

/** One leg of a registered grant, by its kind: a request sent once, a request polled, or the browser sent away. */
export function GrantLegPanel<S extends GrantPageState<L>, C, L extends string>({
  grant,
  leg,
  state,
  run,
  parts,
  actions,
  next,
}: {
  grant: Grant<S, C, L>;
  leg: L;
  state: S;
  run: GrantLegRun | undefined;
  parts: GrantPageParts<S, L>;
  actions: Actions<S, L>;
  next: Next;
}) {
  const deps = useDeps();
  const def = grant.legs[leg];
  const secrets = parts.secrets(state).filter((s): s is string => !!s);
  if (def.kind === 'redirect')
    return (
      <RedirectLegPanel
        def={def}
        state={state}
        run={run}
        secrets={secrets}
        opened={() => actions.redirectOpened(leg)}
        landed={(url) => actions.redirectLanded(leg, url)}
        next={next}
      />
    );
  const request = requestOf(def, state, deps);
  const status = state.legs[leg];
  const send = () => void actions.legSent(leg);
  const action =
    def.kind === 'poll'
      ? pollAction(status, run, send)
      : sendAction(parts.sendLabel?.(leg, state) ?? 'Send', run, !!request && status !== 'not_started', send);
  return (
    <LegPanel
      request={request}
      secrets={secrets}
      run={run}
      action={action}
      next={next}
      fields={parts.fields?.[leg]?.(state, actions.flowEdited)}
      {...(request && parts.exportSource ? { exportSource: parts.exportSource(leg, state, request) } : {})}
    >
      {def.kind === 'poll' && status !== 'not_started' && (
        <PollProgress def={def} state={state} polling={!!run?.sending} parts={parts} />
      )}
    </LegPanel>
  );
}

/** The polls so far, each listed as it came, and the interval while polling. */
function PollProgress<S, L extends string>({
  def,
  state,
  polling,
  parts,
}: {
  def: PollLeg<S>;
  state: S;
  polling: boolean;
  parts: GrantPageParts<S, L>;
}) {
  return (
    <>
      {polling && <p className="muted">Polling every {def.wait(state)} s…</p>}
      {parts.attempts && <PollAttempts attempts={parts.attempts(state)} />}
    </>
  );
}
