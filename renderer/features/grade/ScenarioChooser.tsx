import { useGrade } from '../../state/grade/grade-store';

/** The scenario whose issuer answers now: chosen from the pack, or the next or previous one. */
export function ScenarioChooser() {
  const scenarios = useGrade((s) => s.status.scenarios);
  const current = useGrade((s) => s.status.current);
  const { scenarioChosen, stepRequested } = useGrade((s) => s);
  const at = scenarios.findIndex((s) => s.id === current);
  const row = scenarios[at];
  return (
    <section aria-label="Scenario" className="grade-scenario">
      <h3>Scenario to run</h3>
      <div className="form-row">
        <button type="button" disabled={at <= 0} onClick={() => void stepRequested(-1)}>
          ← Previous
        </button>
        <label className="grow">
          Scenario {at + 1} of {scenarios.length}
          <select value={current ?? ''} onChange={(e) => void scenarioChosen(e.target.value)}>
            {scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={at < 0 || at >= scenarios.length - 1} onClick={() => void stepRequested(1)}>
          Next →
        </button>
      </div>
      {row && (
        <p className="small grade-what">
          <strong>
            {row.expectation === 'reject'
              ? 'Must stop'
              : row.expectation === 'accept'
                ? 'Must accept'
                : 'Either passes'}
          </strong>
          : {row.what} <span className="muted">({row.section})</span>
        </p>
      )}
    </section>
  );
}
