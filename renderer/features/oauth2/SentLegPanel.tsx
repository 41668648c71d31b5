import { useState } from 'react';
import { masked } from '../../components/Secret';
import { requestText } from '../../../shared/http-text';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { Value } from '../../components/Value';
import { useApp, useOAuth2 } from '../../app/stores';
import { ProviderSide } from '../../components/ProviderSide';
import { ExportMenu } from '../../components/ExportMenu';
import { findProviderEvent } from '../../state/provider-match';
import { LegActions, runStatus, type LegAction } from '../flow/LegActions';
import { useChosenProfile } from '../flow/use-chosen-profile';
import type { SentLeg } from '../../state/oauth2-flow-state';
import { bodyForEditing, bodyFromEditing, requestSecrets } from './request-secrets';
import { AutoRefreshOption, AutoRefreshSteps } from './AutoRefreshSteps';
import { oauth2ExportSource } from './export-source';
import { AssertionTrace } from './AssertionTrace';
import { DpopProofTrace } from './DpopProofTrace';
import { DpopMistakeChooser } from './DpopMistakeChooser';
import { DpopPlantedView } from './DpopPlantedView';
import { AuthMistakeChooser } from './AuthMistakeChooser';
import { FlowMistakeChooser } from './FlowMistakeChooser';
import { FlowVerdictView } from './FlowVerdictView';
import { FLOW_MISTAKES } from '../../../shared/oauth2/flow-mistakes';
import { CLIENT_AUTH_MISTAKES } from '../../../shared/oauth2/client-auth-mistakes';
import { wantsClientAssertion } from '../../../shared/oauth2/client-assertion-request';

/** A leg the app sends: the request (URL and body editable), Send, then the response and the checks. */
export function SentLegPanel({ leg, next }: { leg: SentLeg; next: { title: string; go: () => void } | null }) {
  const draft = useOAuth2((s) => s.drafts[leg]);
  const run = useOAuth2((s) => s.runs[leg]);
  const draftEdited = useOAuth2((s) => s.draftEdited);
  const legSent = useOAuth2((s) => s.legSent);
  const clientSecret = useOAuth2((s) => s.profile?.oauth2.clientSecret ?? '');
  const [reveal, setReveal] = useState(false);
  const mockEvents = useApp((s) => s.mockEvents);
  const mockBaseUrl = useApp((s) => s.mock.baseUrl);
  const flow = useOAuth2((s) => s.flow);
  const receivedCode = useOAuth2((s) => s.receivedCode);
  const profile = useOAuth2((s) => s.profile);
  const provider = run?.exchange ? findProviderEvent(mockEvents, run.exchange, mockBaseUrl) : null;
  const bearerProblem = useOAuth2((s) => (leg === 'api' ? s.bearerProblem : null));
  const bearerSentAnyway = useOAuth2((s) => s.bearerSentAnyway);
  const remedy = useRemedy(leg);
  if (bearerProblem) {
    return (
      <div className="bearer-problem">
        <p className="error" role="alert">
          {bearerProblem}
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
  // The refresh's rotation check (shared/oidc/token-lifecycle.ts), said under the summary: was it rotated?
  const rotation = leg === 'refresh' ? run?.outcome?.checks.find((c) => c.name === 'rotation') : undefined;
  if (!draft) return <p className="muted">This leg becomes ready when the previous one succeeds.</p>;
  // Masked until revealed, like every other secret; the body stays editable around the dots.
  const secrets = requestSecrets(draft, clientSecret, [
    flow?.token?.accessToken,
    flow?.token?.refreshToken,
    flow?.code ?? receivedCode,
  ]);
  const exportSource = oauth2ExportSource(leg, draft, flow, profile);
  const send = { label: run?.sending ? 'Sending…' : 'Send', run: () => void legSent(leg), disabled: !!run?.sending };
  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="Request to send">
          <h3>Request</h3>
          <form className="request-form" aria-label="Request" onSubmit={(e) => e.preventDefault()}>
            <div className="form-row">
              <label>
                Method
                <input
                  className="mono method-input"
                  value={draft.method}
                  onChange={(e) => draftEdited(leg, { method: e.target.value.toUpperCase() })}
                />
              </label>
              <label className="grow">
                URL
                <input
                  className="mono"
                  value={draft.url}
                  spellCheck={false}
                  onChange={(e) => draftEdited(leg, { url: e.target.value })}
                />
              </label>
            </div>
            {draft.body !== undefined && (
              <label className="grow">
                Body (form-encoded)
                <textarea
                  className="mono"
                  rows={4}
                  value={reveal ? draft.body : bodyForEditing(draft.body, secrets)}
                  spellCheck={false}
                  onChange={(e) =>
                    draftEdited(leg, {
                      body: reveal ? e.target.value : bodyFromEditing(draft.body ?? '', secrets, e.target.value),
                    })
                  }
                />
              </label>
            )}
            {leg === 'api' && <AutoRefreshOption />}
            {leg !== 'api' && <AuthMistakeChooser leg={leg} />}
            {(leg === 'token' || leg === 'refresh') && <FlowMistakeChooser leg={leg} />}
            {profile?.oauth2.dpop && <DpopMistakeChooser leg={leg} />}
            {secrets.length > 0 && (
              <button type="button" className="link" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
                {reveal ? 'Hide secrets and tokens' : 'Reveal secrets and tokens'}
              </button>
            )}
          </form>
          <Value label="HTTP request" text={requestText(draft)}>
            {reveal ? requestText(draft) : masked(requestText(draft), secrets)}
          </Value>
          <ExportMenu source={exportSource} {...(run?.exchange ? { exchange: run.exchange } : {})} />
          {!run?.assertion && wantsClientAssertion(draft) && (
            <p className="muted">
              The client assertion (client_assertion) is signed when the request is sent, with a fresh jti each time
              (RFC 7523 §3); its parts are shown below then.
            </p>
          )}
          {!run?.dpop && profile?.oauth2.dpop && (
            <p className="muted">
              DPoP is on: a proof (the DPoP header{leg === 'api' ? ', and the token in the DPoP scheme' : ''}) is signed
              when the request is sent, fresh each time (RFC 9449 §4.2); its parts are shown below then.
            </p>
          )}
        </section>
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
