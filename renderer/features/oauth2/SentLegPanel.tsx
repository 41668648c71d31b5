import { useState } from 'react';
import { masked } from '../../components/Secret';
import { requestText } from '../../../shared/http-text';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { Value } from '../../components/Value';
import { useApp, useOAuth2 } from '../../app/stores';
import { ProviderSide } from '../../components/ProviderSide';
import { ExportMenu } from '../../components/ExportMenu';
import type { MethodInput } from '../../../shared/bridge/contract';
import { endpointUrl } from '../../../shared/flows';
import { findProviderEvent } from '../../state/provider-match';
import { LegActions, runStatus } from '../flow/LegActions';
import type { SentLeg } from '../../state/oauth2-store';
import { bodyForEditing, bodyFromEditing, requestSecrets } from './request-secrets';
import { AutoRefreshOption, AutoRefreshSteps } from './AutoRefreshSteps';

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
  const profile = useOAuth2((s) => s.profile);
  const provider = run?.exchange ? findProviderEvent(mockEvents, run.exchange, mockBaseUrl) : null;
  const bearerProblem = useOAuth2((s) => (leg === 'api' ? s.bearerProblem : null));
  const bearerSentAnyway = useOAuth2((s) => s.bearerSentAnyway);
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
  const secrets = requestSecrets(draft, clientSecret, [flow?.token?.accessToken, flow?.token?.refreshToken]);
  // The bearer call exports with what refreshing it needs (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)); token requests export as they are.
  const exportSource: MethodInput<'exportRequest'>['source'] =
    leg === 'api' && flow && profile
      ? {
          kind: 'oauth2',
          request: draft,
          accessToken: flow.token?.accessToken ?? null,
          refreshToken: flow.token?.refreshToken ?? null,
          tokenUrl: endpointUrl(flow.config.baseUrl, profile.oauth2.tokenPath),
          clientId: flow.config.clientId,
          clientSecret: flow.config.clientSecret,
          clientAuthentication: profile.oauth2.clientAuthentication === 'basic' ? 'basic' : 'body',
          scope: flow.config.scope ?? null,
        }
      : { kind: 'request', request: draft };
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
                  value={reveal ? draft.body : bodyForEditing(draft.body, clientSecret)}
                  spellCheck={false}
                  onChange={(e) =>
                    draftEdited(leg, { body: reveal ? e.target.value : bodyFromEditing(e.target.value, clientSecret) })
                  }
                />
              </label>
            )}
            {leg === 'api' && <AutoRefreshOption />}
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
          {run?.outcome && <p className={run.outcome.ok ? 'summary ok' : 'summary bad'}>{run.outcome.summary}</p>}
          {rotation && (
            <p className="summary" aria-label="Rotation">
              {rotation.message}
            </p>
          )}
          {run?.outcome && <Checks checks={run.outcome.checks} />}
          {provider && <ProviderSide event={provider} clientBaseString={null} />}
          {run?.exchange && <ExchangeView exchange={run.exchange} />}
        </section>
      </div>
      <LegActions
        action={{ label: run?.sending ? 'Sending…' : 'Send', run: () => void legSent(leg), disabled: !!run?.sending }}
        outcome={runStatus(run)}
        next={next}
      />
    </div>
  );
}
