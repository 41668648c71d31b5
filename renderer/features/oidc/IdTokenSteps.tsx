import type { IdTokenTrace } from '../../../shared/oidc';
import { useScrollIntoView } from '../../components/use-scroll-into-view';

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;
const WORD = { passed: 'Passed:', failed: 'Failed:', skipped: 'Not checked:' } as const;

/**
 * The id_token validation as the trace gives it (OIDC Core §3.1.3.7): every step in order with its section and what
 * it found; a failed step shows its cause and the steps after it are still shown. Server text is rendered as text.
 */
export function IdTokenSteps({ trace }: { trace: IdTokenTrace }) {
  const failed = trace.steps.filter((s) => s.status === 'failed');
  // A new trace comes into view: on a narrow window it sits below the inputs and the discovery document.
  const ref = useScrollIntoView<HTMLElement>(true, trace, 'start');
  return (
    <section aria-label="id_token validation" ref={ref}>
      <p className={`verdict ${trace.valid ? 'ok' : 'bad'}`} role="status">
        {trace.valid
          ? 'The id_token is valid: every step passed or had nothing to check.'
          : `The id_token is not valid: ${failed.map((s) => s.title).join(', ')} failed.`}
      </p>
      <ol className="trace" aria-label="Validation steps">
        {trace.steps.map((s) => (
          <li key={s.id} className="trace-step oidc-step" data-step={s.id} data-status={s.status}>
            <div className="step-head">
              <span className="mark" aria-hidden>
                {MARK[s.status]}
              </span>
              <h4>
                <span className="sr-only">{WORD[s.status]} </span>
                {s.title}
              </h4>
              <span className="section muted">{s.section}</span>
            </div>
            <p className="detail">{s.detail}</p>
          </li>
        ))}
      </ol>
      {trace.header && (
        <details>
          <summary>Decoded header and claims</summary>
          <pre className="mono wire">{JSON.stringify({ header: trace.header, claims: trace.claims }, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
