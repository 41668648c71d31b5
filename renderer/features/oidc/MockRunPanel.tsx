import { useEffect } from 'react';
import { ID_TOKEN_FAULTS, type IdTokenFault } from '../../../shared/oidc/mock-switches';
import { useApp } from '../../app/stores';
import { useOpenAuthorization } from '../flow/use-open-authorization';
import { SETTING_LABELS } from '../mock/switch-labels';
import { MOCK_OIDC_SCOPE, type MockRunStep } from '../../state/oidc/mock-run-store';
import { useMockRun } from './use-mock-run';

const STEP_TEXT: Readonly<Record<Exclude<MockRunStep, 'failed'>, string>> = {
  authorizing: 'Log in at the mock in the tab that opened (demo / demo); the callback comes back here.',
  exchanging: 'Code received: exchanging it for tokens…',
  validating: 'Tokens received: discovering the mock and checking the id_token…',
  done: 'Done: the steps are below. The OAuth 2 page shows the same flow and tokens.',
};

/**
 * OpenID Connect against the built-in mock in one action (its client and secret come from the built-in profile,
 * the scope adds openid), with the mock's id_token fault switch beside it to watch one step fail.
 */
export function MockRunPanel() {
  const mockBase = useApp((s) => s.mock.baseUrl);
  const run = useMockRun((s) => s);
  const faultRead = useMockRun((s) => s.faultRead);
  const { open, error } = useOpenAuthorization(run.runStarted);
  useEffect(() => {
    if (mockBase) void faultRead();
  }, [mockBase, faultRead]);
  if (!mockBase) return null;
  const busy = run.step === 'exchanging' || run.step === 'validating';
  return (
    <section className="mock-run" aria-label="OpenID Connect on the mock">
      <h3>Try it on the mock</h3>
      <p className="muted">
        The authorization code flow with <code>scope={MOCK_OIDC_SCOPE}</code>, PKCE and a nonce against the built-in
        mock, with the built-in profile's client; then the token exchange, discovery and the id_token's checks.
      </p>
      <div className="send-row">
        <button type="button" className="primary" disabled={busy} onClick={() => void open('system')}>
          Run the mock's code flow with openid
        </button>
        <label title={SETTING_LABELS.idTokenFault}>
          id_token fault at the mock (OIDC Core §3.1.3.7){' '}
          <select
            value={run.fault ?? 'off'}
            disabled={run.fault === null}
            onChange={(e) => void run.faultChosen(e.target.value as IdTokenFault)}
          >
            {ID_TOKEN_FAULTS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      </div>
      {run.step && run.step !== 'failed' && (
        <p className={run.step === 'done' ? 'summary ok' : 'waiting'} aria-label="Mock run">
          {STEP_TEXT[run.step]}
        </p>
      )}
      {(run.problem ?? error) && (
        <p className="error" role="alert">
          {run.problem ?? error}
        </p>
      )}
    </section>
  );
}
