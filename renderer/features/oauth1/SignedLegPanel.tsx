import { useCallback } from 'react';
import { useSendShortcut } from '../flow/use-send-shortcut';
import { requestText } from '../../../shared/http-text';
import { Checks } from '../../components/Checks';
import { ExportMenu } from '../../components/ExportMenu';
import { ExchangeView } from '../../components/ExchangeView';
import { ProviderSide } from '../../components/ProviderSide';
import { TraceView } from '../../components/TraceView';
import { Value } from '../../components/Value';
import { useApp, useOAuth1 } from '../../app/stores';
import type { SignedLeg } from '../../state/oauth1-drafts';
import { findProviderEvent } from '../../state/provider-match';
import { RequestForm } from './RequestForm';
import { useLiveTrace } from './use-live-trace';

/** A signed leg: the request as a form, its signature walk-through live, Send, and what came back. */
export function SignedLegPanel({ leg }: { leg: SignedLeg }) {
  const draft = useOAuth1((s) => s.drafts[leg]);
  const run = useOAuth1((s) => s.runs[leg]);
  const draftEdited = useOAuth1((s) => s.draftEdited);
  const nonceRenewed = useOAuth1((s) => s.nonceRenewed);
  const legSent = useOAuth1((s) => s.legSent);
  const mockEvents = useApp((s) => s.mockEvents);
  const live = useLiveTrace(draft);

  useSendShortcut(useCallback(() => void legSent(leg), [leg, legSent]));

  if (!draft) return <p className="muted">This leg becomes ready when the previous one succeeds.</p>;
  const sentNonce = run?.sent?.params.find((p) => p.name === 'oauth_nonce')?.value;
  const provider = run?.exchange ? findProviderEvent(mockEvents, sentNonce) : null;
  const secrets = [draft.consumerSecret ?? '', draft.tokenSecret ?? ''];

  return (
    <div className="leg-panel">
      <div className="columns">
        <section className="col" aria-label="Request to send">
          <h3>Request</h3>
          <RequestForm leg={leg} draft={draft} onEdit={(p) => draftEdited(leg, p)} onRenew={() => nonceRenewed(leg)} />
          {live.trace && <Value label="HTTP request" text={requestText(live.trace.request)} />}
          {live.trace && <ExportMenu source={{ kind: 'oauth1', signing: draft, request: live.trace.request }} />}
          <div className="send-row">
            <button type="button" className="primary" disabled={!live.trace || run?.sending} onClick={() => void legSent(leg)}>
              {run?.sending ? 'Sending…' : 'Send'}
            </button>
            <span className="muted">Ctrl+Enter</span>
          </div>
          {run && !run.sending && (
            <div className="result" aria-live="polite">
              {run.error && (
                <p className="error" role="alert"><strong>{run.error.code}</strong>: {run.error.message}</p>
              )}
              {run.outcome && <p className={run.outcome.ok ? 'summary ok' : 'summary bad'}>{run.outcome.summary}</p>}
              {run.outcome && <Checks checks={run.outcome.checks} />}
              {provider && <ProviderSide event={provider} clientBaseString={run.sent?.baseString ?? null} />}
              {run.exchange && <ExchangeView exchange={run.exchange} />}
            </div>
          )}
        </section>
        <section className="col" aria-label="Signature walk-through">
          <h3>Signature, step by step</h3>
          {live.error && <p className="error" role="alert">Step <code>{live.error.step}</code>: {live.error.message}</p>}
          {live.trace && <TraceView trace={live.trace} secrets={secrets} />}
        </section>
      </div>
    </div>
  );
}
