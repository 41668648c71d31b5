import { useCallback, type ReactNode } from 'react';
import { useSendShortcut } from './use-send-shortcut';

/** The last send in a few words for the bar: the status line, or the error code when nothing came back. */
export function runStatus(
  run:
    | {
        sending: boolean;
        exchange: { response: { status: number; statusText: string } } | null;
        error: { code: string } | null;
        outcome: { ok: boolean } | null;
      }
    | undefined
): { ok: boolean; text: string } | null {
  if (!run || run.sending) return null;
  if (run.exchange)
    return {
      ok: run.outcome?.ok ?? false,
      text: `Last send: ${run.exchange.response.status} ${run.exchange.response.statusText}`,
    };
  return run.error ? { ok: false, text: `Last send: ${run.error.code}` } : null;
}

export interface LegAction {
  readonly label: string;
  readonly run: () => void;
  readonly disabled?: boolean;
}

/**
 * A leg's next step, kept in view at the bottom of the window (sticky), whatever the leg shows above it: its own
 * action (Send, Open in browser), the result of the last one in a line, and Continue once the leg succeeded.
 * Ctrl/Cmd+Enter does the step the bar points at: Continue when it is offered, else the leg's action.
 */
export function LegActions({
  action,
  outcome,
  next,
  children,
}: {
  action: LegAction | null;
  outcome: { ok: boolean; text: string } | null;
  next: { title: string; go: () => void } | null;
  children?: ReactNode;
}) {
  useSendShortcut(
    useCallback(() => {
      if (next) next.go();
      else if (action && !action.disabled) action.run();
    }, [next, action])
  );
  return (
    <div className="action-bar" role="group" aria-label="Next step">
      {action && (
        <button type="button" className={next ? '' : 'primary'} disabled={action.disabled} onClick={action.run}>
          {action.label}
        </button>
      )}
      {children}
      {outcome && (
        <span className={outcome.ok ? 'bar-status ok' : 'bar-status bad'}>
          <span aria-hidden>{outcome.ok ? '✓' : '✗'}</span> {outcome.text}
        </span>
      )}
      <span className="bar-end">
        {next && (
          <button type="button" className="primary" onClick={next.go}>
            Continue: {next.title} →
          </button>
        )}
        <span className="muted small">Ctrl+Enter</span>
      </span>
    </div>
  );
}
