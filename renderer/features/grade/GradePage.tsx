import { useEffect } from 'react';
import { PACKS } from '../../../shared/grade/scenarios';
import { useGrade } from '../../state/grade/grade-store';
import type { PackChoice } from '../../state/grade/grade-state';
import { GradeChecklist } from './GradeChecklist';
import { GradeClientValues } from './GradeClientValues';
import { GradeExports } from './GradeExports';
import { ScenarioChooser } from './ScenarioChooser';
import './grade.css';
import { ErrorBanner } from '../../components/ErrorBanner';

/**
 * Grade a client: the grader served by the app, the values to paste into any client (a web app, a
 * mobile emulator, a desktop MCP host), the scenario to run next, and a checklist that turns each scenario green
 * or red as its issuer observes the client's requests; Why? opens the History on a scenario's exchanges.
 */
export function GradePage() {
  const pageOpened = useGrade((s) => s.pageOpened);
  const running = useGrade((s) => s.status.running);
  const error = useGrade((s) => s.error);
  const errorDismissed = useGrade((s) => s.errorDismissed);
  useEffect(() => {
    void pageOpened();
  }, [pageOpened]);
  return (
    <div className="page grade-page">
      <header className="page-head">
        <h2>Grade a client</h2>
        <GradeExports />
      </header>
      <p className="muted grade-intro">
        The grader serves a fresh issuer per scenario on 127.0.0.1, each breaking one thing, and judges your client by
        the requests it sees, as the OpenID Foundation&apos;s RP tests do: a client that carries on after a bad response
        fails, one that stops where it must accept fails too. Paste the values below into any client, run it, and watch
        the checklist.
      </p>
      {error && <ErrorBanner onDismiss={errorDismissed}>{error}</ErrorBanner>}
      <GradeStartForm />
      {running && (
        <div className="grade-run">
          <GradeClientValues />
          <ScenarioChooser />
        </div>
      )}
      <GradeChecklist />
    </div>
  );
}

/** The pack, the port and the quiet wait, then Start; Stop while a run is on. */
function GradeStartForm() {
  const { pack, portText, waitText, busy, packChosen, portEdited, waitEdited, startRequested, stopRequested } =
    useGrade((s) => s);
  const running = useGrade((s) => s.status.running);
  const origin = useGrade((s) => s.status.origin);
  return (
    <section aria-label="Grader" className="form-row grade-form">
      <label>
        Pack
        <select value={pack} disabled={running} onChange={(e) => packChosen(e.target.value as PackChoice)}>
          {PACKS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Port (empty: any free)
        <input
          className="mono grade-port"
          value={portText}
          disabled={running}
          inputMode="numeric"
          onChange={(e) => portEdited(e.target.value)}
        />
      </label>
      <label>
        Decide after quiet (s)
        <input
          className="mono grade-wait"
          value={waitText}
          disabled={running}
          onChange={(e) => waitEdited(e.target.value)}
        />
      </label>
      <button type="button" className="primary" disabled={busy !== null} onClick={() => void startRequested()}>
        {busy === 'starting' ? 'Starting…' : 'Start grading'}
      </button>
      <button type="button" disabled={!running || busy !== null} onClick={() => void stopRequested()}>
        {busy === 'stopping' ? 'Stopping…' : 'Stop'}
      </button>
      <span className="muted small" role="status">
        {running ? `Grader at ${origin}` : 'Grader stopped'}
      </span>
    </section>
  );
}
