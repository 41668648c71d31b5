import { useOAuth2 } from '../../app/stores';
import { LegActions, runStatus, type LegAction } from '../flow/LegActions';
import { useChosenProfile } from '../flow/use-chosen-profile';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';
import { AssertionTrace } from './AssertionTrace';
import { DpopProofTrace } from './DpopProofTrace';
import { SentLegRequest } from './SentLegRequest';
import { SentLegResult } from './SentLegResult';

/** Why the access token cannot go in a Bearer header as it is, and the choice to send it anyway. */
function BearerProblem({ problem }: { problem: string }) {
  const bearerSentAnyway = useOAuth2((s) => s.bearerSentAnyway);
  return (
    <div className="bearer-problem">
      <p className="error" role="alert">
        {problem}
      </p>
      <p>
        Some providers issue such tokens and accept them back as they are. Sending it shows what this server does with
        it.
      </p>
      <button type="button" onClick={bearerSentAnyway}>
        Prepare the call with this token anyway
      </button>
    </div>
  );
}

/** A leg the app sends: the request (URL and body editable), Send, then the response and the checks. */
export function SentLegPanel({ leg, next }: { leg: SentLeg; next: { title: string; go: () => void } | null }) {
  const draft = useOAuth2((s) => s.drafts[leg]);
  const run = useOAuth2((s) => s.runs[leg]);
  const legSent = useOAuth2((s) => s.legSent);
  const bearerProblem = useOAuth2((s) => (leg === 'api' ? s.bearerProblem : null));
  const remedy = useRemedy(leg);
  if (bearerProblem) return <BearerProblem problem={bearerProblem} />;
  if (!draft) return <p className="muted">This leg becomes ready when the previous one succeeds.</p>;
  const send = { label: run?.sending ? 'Sending…' : 'Send', run: () => void legSent(leg), disabled: !!run?.sending };
  return (
    <div className="leg-panel">
      <div className="columns">
        <SentLegRequest leg={leg} draft={draft} run={run} />
        <SentLegResult leg={leg} run={run} />
      </div>
      {run?.assertion && <AssertionTrace trace={run.assertion} />}
      {run?.dpop && <DpopProofTrace trace={run.dpop} />}
      <LegActions action={remedy ?? send} outcome={runStatus(run)} next={next}>
        {remedy && (
          <button type="button" disabled={send.disabled} onClick={send.run}>
            Send again
          </button>
        )}
      </LegActions>
    </div>
  );
}

/**
 * What the bar offers instead of sending again what the server refused: the refresh when the resource refused the
 * access token and the refresh token is live (RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1)),
 * else a new flow; a new flow when the refresh token was refused (invalid_grant). Null while sending may work.
 */
function useRemedy(leg: SentLeg): LegAction | null {
  const standing = useOAuth2((s) => s.standing);
  const refreshLive = useOAuth2((s) => !!s.flow?.token?.refreshToken) && !standing.refreshRefused;
  const legChosen = useOAuth2((s) => s.legChosen);
  const legSent = useOAuth2((s) => s.legSent);
  const { startOver } = useChosenProfile(useOAuth2((s) => s.flowStarted));
  const refresh = () => (legChosen('refresh'), void legSent('refresh'));
  const renew = startOver && { label: 'Start over', run: startOver };
  if (leg === 'api' && standing.accessRefused) return refreshLive ? { label: 'Refresh', run: refresh } : renew;
  return leg === 'refresh' && standing.refreshRefused ? renew : null;
}
