import { useState, type ReactNode } from 'react';
import type { Leg } from '../../../shared/flows/driver/grant';
import type { LegEffects } from '../../../shared/flows/driver/host-port';
import type { RawRequest } from '../../../shared/http';
import { requestText } from '../../../shared/http-text';
import { Checks } from '../../components/Checks';
import { ExchangeView } from '../../components/ExchangeView';
import { ExportMenu } from '../../components/ExportMenu';
import { masked } from '../../components/Secret';
import { Value } from '../../components/Value';
import type { GrantLegRun } from '../../state/machine/grant-store';
import { AssertionTrace } from '../oauth2/AssertionTrace';
import { DpopProofTrace } from '../oauth2/DpopProofTrace';
import type { LegExportSource } from './grant-page-parts';
import { LegActions, runStatus, type LegAction } from './LegActions';
import { requestSecrets } from '../oauth2/request-secrets';

/**
 * A leg the client sends (once, or polling): what it will send (secrets masked until revealed), Send, then the
 * response, the leg's summary and checks, and the client assertion and DPoP proofs it sent, as the OAuth 2 page shows
 * them. `fields`: the settings the leg sends, edited above the request;
 * `children`: what the leg shows above its result (each poll).
 */
export function LegPanel({
  request,
  secrets,
  run,
  action,
  next,
  fields,
  exportSource,
  children,
}: {
  request: RawRequest | null;
  secrets: readonly string[];
  run: GrantLegRun | undefined;
  action: LegAction | null;
  next: { title: string; go: () => void } | null;
  fields?: ReactNode;
  /** What *Export this request* exports; the request as it is when not given. */
  exportSource?: LegExportSource;
  children?: ReactNode;
}) {
  const [reveal, setReveal] = useState(false);
  const text = request ? requestText(request) : '';
  // The grant's secrets in each form they take on the wire, and the Basic credentials (they carry the client secret).
  const shownSecrets = request ? requestSecrets(request, '', secrets) : secrets;
  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="Request to send">
          <h3>Request</h3>
          {fields}
          {request ? (
            <>
              <Value label="HTTP request" text={text}>
                {reveal ? text : masked(text, shownSecrets)}
              </Value>
              {secrets.length > 0 && (
                <button type="button" className="link" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
                  {reveal ? 'Hide secrets and tokens' : 'Reveal secrets and tokens'}
                </button>
              )}
              <ExportMenu
                source={exportSource ?? { kind: 'request', request }}
                {...(run?.exchange ? { exchange: run.exchange } : {})}
              />
            </>
          ) : (
            <p className="muted">This leg becomes ready when the previous one succeeds.</p>
          )}
        </section>
        <section className="col" aria-label="Result">
          <h3>Response</h3>
          {children}
          {!run && <p className="muted">Not sent yet.</p>}
          {run?.error && (
            <p className="error" role="alert">
              <strong>{run.error.code}</strong>: {run.error.message}
            </p>
          )}
          {run?.outcome && <p className={run.outcome.ok ? 'summary ok' : 'summary bad'}>{run.outcome.summary}</p>}
          {run?.outcome && <Checks checks={run.outcome.checks} />}
          {run?.exchange && <ExchangeView exchange={run.exchange} secrets={secrets} />}
        </section>
      </div>
      {run?.assertion && <AssertionTrace trace={run.assertion} />}
      {run?.dpop && <DpopProofTrace trace={run.dpop} />}
      <LegActions action={action} outcome={runStatus(run)} next={next} />
    </div>
  );
}

/** The request a sent or polling leg would send now, or null when it cannot be built yet (no device code, no token). */
export function requestOf<S>(leg: Leg<S>, state: S | null, effects: LegEffects): RawRequest | null {
  if (!state || leg.kind === 'redirect') return null;
  try {
    return leg.build(state, effects);
  } catch {
    return null;
  }
}
