import { useEffect, useMemo, useState } from 'react';
import type { RawRequest } from '../../../shared/http';
import { requestText } from '../../../shared/http-text';
import { ExportMenu } from '../../components/ExportMenu';
import { TraceView } from '../../components/TraceView';
import { Value } from '../../components/Value';
import { useDeps, useOAuth1 } from '../../app/stores';
import type { OAuth1Draft, SignedLeg } from '../../state/oauth1/oauth1-drafts';
import type { SignatureTrace } from '../../../shared/oauth1';
import { oauth1Flow } from '../../../shared/flows';
import { LegActions, runStatus } from '../flow/LegActions';
import { useChosenProfile } from '../flow/use-chosen-profile';
import { LegResult } from './LegResult';
import { MistakeChooser } from './MistakeChooser';
import { RequestForm } from './RequestForm';
import { useLiveTrace } from './use-live-trace';

const EXPORT_NOTE =
  'This export carries its own oauth_nonce and oauth_timestamp, not the ones Send will use, so running it does not use up the request this page sends.';

/**
 * A signed leg: the request as a form with its signature walk-through live, Send, and what came back. After a send
 * the page keeps showing the request as sent (its nonce, timestamp, signature, header and raw HTTP: what the server
 * saw), with the next request, which has a fresh nonce, one toggle away.
 */
export function SignedLegPanel({ leg, next }: { leg: SignedLeg; next: { title: string; go: () => void } | null }) {
  const { random, now } = useDeps();
  const draft = useOAuth1((s) => s.drafts[leg]);
  const run = useOAuth1((s) => s.runs[leg]);
  const legSent = useOAuth1((s) => s.legSent);
  const live = useLiveTrace(draft);
  const mistake = useOAuth1((s) => s.mistakes[leg] ?? null);
  const sent = run?.sent ?? null;
  // token_expired, token_revoked (interface §3), token_used: the token itself is gone, so sending again fails again.
  const tokenGone = useOAuth1((s) => {
    if (leg === 'api') return !!s.flow?.accessToken?.deauthorized;
    const answer = leg === 'accessToken' ? s.runs.accessToken?.exchange?.response : undefined;
    return !!answer && oauth1Flow.refusesRequestToken(answer);
  });
  const { startOver } = useChosenProfile(useOAuth1((s) => s.flowStarted));
  const [editingNext, setEditingNext] = useState(false);
  // Each send shows what it sent; editing the next request is one toggle away.
  useEffect(() => setEditingNext(false), [sent]);
  // An export is signed by the host with a nonce and timestamp of its own (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3): a nonce is single-use).
  const exportSigning = useMemo(
    () => (draft ? { ...draft, ...oauth1Flow.freshNonceAndTimestamp(random, now()) } : null),
    [draft, random, now]
  );

  if (!draft) return <p className="muted">This leg becomes ready when the previous one succeeds.</p>;
  const secrets = [draft.consumerSecret ?? '', draft.tokenSecret ?? ''];
  const showSent = sent !== null && !editingNext && !run?.sending;
  const action = {
    label: run?.sending ? 'Sending…' : mistake ? 'Send with the mistake' : 'Send',
    run: () => void legSent(leg),
    disabled: !live.trace || !!run?.sending,
  };

  return (
    <div className="leg-panel">
      {sent && <SentOrNextToggle sent={sent} showSent={showSent} onShowSent={setEditingNext} />}
      <div className="columns">
        {showSent ? (
          <section className="col" aria-label="Request as sent">
            <h3>Request as sent</h3>
            <HttpRequest label="HTTP request as sent" request={run?.exchange?.request ?? sent.request} />
            <LegResult leg={leg} />
          </section>
        ) : (
          <section className="col" aria-label="Request to send">
            <h3>Request</h3>
            <RequestToSend leg={leg} draft={draft} live={live} exportSigning={exportSigning} />
          </section>
        )}
        <section className="col" aria-label="Signature walk-through">
          <h3>{showSent ? 'Signature as sent, step by step' : 'Signature, step by step'}</h3>
          {!showSent && live.error && (
            <p className="error" role="alert">
              Step <code>{live.error.step}</code>: {live.error.message}
            </p>
          )}
          {showSent ? (
            <TraceView trace={sent} secrets={secrets} />
          ) : (
            live.trace && <TraceView trace={live.trace} secrets={secrets} />
          )}
        </section>
      </div>
      <LegActions
        action={tokenGone && startOver ? { label: 'Start over', run: startOver } : action}
        outcome={runStatus(run)}
        next={next}
      >
        {tokenGone && startOver && (
          <button type="button" disabled={action.disabled} onClick={action.run}>
            Send again
          </button>
        )}
      </LegActions>
    </div>
  );
}

/** After a send: the request as sent (its nonce and timestamp named) or the next one, being edited. */
function SentOrNextToggle({
  sent,
  showSent,
  onShowSent,
}: {
  sent: SignatureTrace;
  showSent: boolean;
  onShowSent: (editingNext: boolean) => void;
}) {
  const param = (name: string) => sent.params.find((p) => p.name === name)?.value ?? '';
  return (
    <div className="view-toggle" role="group" aria-label="Which request to show">
      <button type="button" aria-pressed={showSent} onClick={() => onShowSent(false)}>
        As sent
      </button>
      <button type="button" aria-pressed={!showSent} onClick={() => onShowSent(true)}>
        Next request
      </button>
      <span className="muted small">
        {showSent ? (
          <>
            Showing the request as sent: oauth_nonce <code>{param('oauth_nonce') || '(none)'}</code>, oauth_timestamp{' '}
            <code>{param('oauth_timestamp') || '(none)'}</code>. The next one gets a fresh nonce.
          </>
        ) : (
          'Editing the next request; it has a fresh nonce and timestamp.'
        )}
      </span>
    </div>
  );
}

/** The request to send, under its heading: the form, its HTTP text, the mistake chooser, the export, and a failure with nothing sent. */
function RequestToSend({
  leg,
  draft,
  live,
  exportSigning,
}: {
  leg: SignedLeg;
  draft: OAuth1Draft;
  live: ReturnType<typeof useLiveTrace>;
  exportSigning: OAuth1Draft | null;
}) {
  const run = useOAuth1((s) => s.runs[leg]);
  const draftEdited = useOAuth1((s) => s.draftEdited);
  const nonceRenewed = useOAuth1((s) => s.nonceRenewed);
  const sent = run?.sent ?? null;
  return (
    <>
      <RequestForm leg={leg} draft={draft} onEdit={(p) => draftEdited(leg, p)} onRenew={() => nonceRenewed(leg)} />
      {live.trace && <HttpRequest label="HTTP request" request={live.trace.request} />}
      {live.trace && <MistakeChooser leg={leg} trace={live.trace} draft={draft} />}
      {exportSigning && <ExportMenu source={{ kind: 'oauth1', signing: exportSigning }} note={EXPORT_NOTE} />}
      {run && !run.sending && sent === null && <LegResult leg={leg} />}
    </>
  );
}

/** A request as HTTP/1.1 text, shown without the blank lines of an empty body; the copy is the exact text. */
function HttpRequest({ label, request }: { label: string; request: RawRequest }) {
  const text = requestText(request);
  return (
    <Value label={label} text={text}>
      {request.body ? text : text.trimEnd()}
    </Value>
  );
}
