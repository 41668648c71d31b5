import type { GradeScenarioRow } from '../../../shared/bridge/schemas/grade';
import { useGrade } from '../../state/grade/grade-store';

const MARKS: Readonly<Record<GradeScenarioRow['verdict'], { mark: string; said: string }>> = {
  'not-run': { mark: '·', said: 'Not run' },
  running: { mark: '…', said: 'Running' },
  pass: { mark: '✓', said: 'Passed' },
  fail: { mark: '✗', said: 'Failed' },
};

/** Every scenario of the pack, green or red as its issuer judged the client, with Why? on a verdict. */
export function GradeChecklist() {
  const scenarios = useGrade((s) => s.status.scenarios);
  const current = useGrade((s) => s.status.current);
  const passed = useGrade((s) => s.status.passed);
  const failed = useGrade((s) => s.status.failed);
  const whyRequested = useGrade((s) => s.whyRequested);
  if (!scenarios.length) return <p className="muted">Start grading to see the pack&apos;s scenarios here.</p>;
  return (
    <section aria-label="Checklist" className="grade-checklist">
      <h3>
        Checklist{' '}
        <span className="muted small">
          ({passed} passed, {failed} failed)
        </span>
      </h3>
      <ul>
        {scenarios.map((s) => (
          <li
            key={s.id}
            className={`grade-row ${s.verdict}${s.id === current ? ' current' : ''}`}
            aria-label={s.id}
            data-verdict={s.verdict}
          >
            <span className="mark" aria-hidden>
              {MARKS[s.verdict].mark}
            </span>
            <span className="grade-id">
              <code>{s.id}</code>
              {s.id === current && <span className="badge">now</span>}
              <span className="sr-only">{MARKS[s.verdict].said}</span>
            </span>
            <span className="grade-reason small">
              {s.verdict === 'pass' || s.verdict === 'fail'
                ? s.evidence[0]
                : s.verdict === 'running'
                  ? `${s.requests} request${s.requests === 1 ? '' : 's'} seen…`
                  : `${s.expectation}: ${s.what}`}
            </span>
            {(s.verdict === 'pass' || s.verdict === 'fail') && (
              <button type="button" className="link" aria-label={`Why? ${s.id}`} onClick={() => whyRequested(s)}>
                Why?
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
