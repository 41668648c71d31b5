import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { useApp } from '../../app/stores';
import { ProviderSide } from '../../components/ProviderSide';
import { findProviderEvent } from '../../state/provider-match';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';
import type { OAuth2Run } from '../../state/oauth2/oauth2-run';
import { AutoRefreshSteps } from './AutoRefreshSteps';
import { DpopPlantedView } from './DpopPlantedView';
import { FlowVerdictView } from './FlowVerdictView';
import { FLOW_MISTAKES } from '../../../shared/oauth2/flow-mistakes';
import { CLIENT_AUTH_MISTAKES } from '../../../shared/oauth2/client-auth-mistakes';

/** The Response column: the error or the summary, the mistakes made on purpose, the checks, both sides' views. */
export function SentLegResult({ leg, run }: { leg: SentLeg; run: OAuth2Run | undefined }) {
  const mockEvents = useApp((s) => s.mockEvents);
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
  const provider = run?.exchange ? findProviderEvent(mockEvents, run.exchange, mockBaseUrl) : null;
  // The refresh's rotation check (shared/oidc/token-lifecycle.ts), said under the summary: was it rotated?
  const rotation = leg === 'refresh' ? run?.outcome?.checks.find((c) => c.name === 'rotation') : undefined;
  return (
    <section className="col" aria-label="Result">
      <h3>Response</h3>
      {!run && <p className="muted">Not sent yet.</p>}
      {run?.before && <AutoRefreshSteps steps={run.before} />}
      {run?.error && (
        <p className="error" role="alert">
          <strong>{run.error.code}</strong>: {run.error.message}
        </p>
      )}
      {run?.authMistake && (
        <p className="summary" aria-label="Mistake made">
          Made on purpose: <strong>{CLIENT_AUTH_MISTAKES[run.authMistake].title}</strong>.
        </p>
      )}
      {run?.outcome && <p className={run.outcome.ok ? 'summary ok' : 'summary bad'}>{run.outcome.summary}</p>}
      {rotation && (
        <p className="summary" aria-label="Rotation">
          {rotation.message}
        </p>
      )}
      {run?.flowMistake && (
        <p className="summary" aria-label="Flow mistake made">
          Made on purpose: <strong>{FLOW_MISTAKES[run.flowMistake].title}</strong>.
        </p>
      )}
      {run?.dpop?.planted && <DpopPlantedView planted={run.dpop.planted} />}
      <FlowVerdictView leg={leg} />
      {run?.outcome && <Checks checks={run.outcome.checks} />}
      {provider && <ProviderSide event={provider} clientBaseString={null} />}
      {run?.exchange && <ExchangeView exchange={run.exchange} />}
    </section>
  );
}
