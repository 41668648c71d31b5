import type { ValidationStep } from '../../../shared/oidc';

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;
const WORD = { passed: 'Passed:', failed: 'Failed:', skipped: 'Not checked:' } as const;

/**
 * A validation trace's steps in order, each with its section and what it found; a failed step shows its cause and
 * the steps after it are still shown. Server text is rendered as text.
 */
export function ValidationSteps({ steps, label }: { steps: readonly ValidationStep[]; label: string }) {
  return (
    <ol className="trace" aria-label={label}>
      {steps.map((s) => (
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
  );
}
