import { useMemo, useState } from 'react';
import { headerValue, type Exchange } from '../../../shared/http';
import { prettyBody, requestText, responseText } from '../../../shared/http-text';
import type { HistoryListedEntry } from '../../../shared/store/history';
import { CopyButton } from '../../components/CopyButton';
import { ExchangeView } from '../../components/ExchangeView';
import { ExportMenu } from '../../components/ExportMenu';
import { Value } from '../../components/Value';
import { BodyRest } from './BodyRest';
import { FLOW_LABELS, fullTime, entryLegLabel } from './format';
import type { HistoryState } from '../../state/history/history-state';
import { maskExchange } from '../../components/mask';

/**
 * One history entry: the summary, when and for which profile, the request as raw HTTP text and the response as the
 * flows show it. Secrets in the exchange (client secret, token secrets, refresh tokens, Basic credentials, the
 * profiles' secrets) are masked until revealed; copy buttons copy the real text. A long body shows its start;
 * the rest comes on demand (BodyRest).
 */
export function HistoryDetail({
  entry,
  profile,
  secrets,
  onClose,
  readBody,
}: {
  entry: HistoryListedEntry;
  profile: string;
  secrets: readonly string[];
  onClose: () => void;
  readBody: HistoryState['bodyRestRequested'];
}) {
  const [reveal, setReveal] = useState(false);
  const masked = useMemo(() => maskExchange(entry.exchange, secrets), [entry, secrets]);
  const shown = reveal ? entry.exchange : masked.exchange;
  const title = `${FLOW_LABELS[entry.flow]} · ${entryLegLabel(entry)}`;
  return (
    <section className="history-detail" aria-label="Exchange detail" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="detail-head">
        <h3>{title}</h3>
        <span className="mono muted">{fullTime(entry.at)}</span>
        <div className="detail-actions">
          {/* A body cut short may hold secrets further on: the rest is masked too, so the switch is offered. */}
          {(masked.changed || entry.cut) && (
            <button type="button" className="link" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
              {reveal ? 'Hide secrets' : 'Reveal secrets'}
            </button>
          )}
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <DetailSummary entry={entry} profile={profile} shown={shown} />
      <div className="columns detail-columns">
        <RequestColumn entry={entry} shown={shown} secrets={secrets} reveal={reveal} readBody={readBody} />
        <ResponseColumn entry={entry} secrets={secrets} reveal={reveal} readBody={readBody} />
      </div>
    </section>
  );
}

interface PartProps {
  entry: HistoryListedEntry;
  secrets: readonly string[];
  reveal: boolean;
  readBody: HistoryState['bodyRestRequested'];
}

/** The summary with its outcome, the profile, and the request line (copied unmasked). */
function DetailSummary({ entry, profile, shown }: { entry: HistoryListedEntry; profile: string; shown: Exchange }) {
  const ok = entry.outcome === 'succeeded';
  const real = entry.exchange;
  return (
    <>
      <div className="detail-summary">
        <p className={`summary ${ok ? 'ok' : 'bad'}`}>
          {ok ? '✓' : '✗'} {entry.summary}
        </p>
        <CopyButton text={entry.summary} label="summary" />
      </div>
      <dl className="detail-meta">
        <dt>Profile</dt>
        <dd>{profile}</dd>
        <dt>Outcome</dt>
        <dd className={ok ? 'ok' : 'bad'}>{entry.outcome}</dd>
        <dt>Request</dt>
        <dd className="detail-url">
          <code className="mono break">
            {shown.request.method} {shown.request.url}
          </code>
          <CopyButton text={real.request.url} label="request URL" />
        </dd>
      </dl>
    </>
  );
}

/** The request as raw HTTP text (masked unless revealed), its body pretty-printed, and the rest of a long body. */
function RequestColumn({ entry, shown, secrets, reveal, readBody }: PartProps & { shown: Exchange }) {
  const real = entry.exchange;
  const body = shown.request.body
    ? prettyBody(shown.request.body, headerValue(shown.request.headers, 'content-type'))
    : null;
  return (
    <div className="col">
      <div className="part-head">
        <h4 className="detail-part">Request</h4>
      </div>
      <Value label="HTTP request" text={requestText(real.request)}>
        {requestText(shown.request).trimEnd()}
      </Value>
      {body && body.kind !== 'text' && (
        <Value label={`Request body (${body.kind})`} text={real.request.body ?? ''}>
          {body.text}
        </Value>
      )}
      {entry.cut?.request !== undefined && (
        <BodyRest
          id={entry.id}
          part="request"
          shown={real.request.body?.length ?? 0}
          total={entry.cut.request}
          secrets={secrets}
          reveal={reveal}
          read={readBody}
        />
      )}
    </div>
  );
}

/** The response as the flows show it, the rest of a long body, and the request's exports. */
function ResponseColumn({ entry, secrets, reveal, readBody }: PartProps) {
  const real = entry.exchange;
  return (
    <div className="col">
      <div className="part-head">
        <h4 className="detail-part">Response</h4>
        <CopyButton text={responseText(real.response)} label="HTTP response" />
      </div>
      <ExchangeView exchange={real} secrets={secrets} reveal={reveal} />
      {entry.cut?.response !== undefined && (
        <BodyRest
          id={entry.id}
          part="response"
          shown={real.response.bodyText.length}
          total={entry.cut.response}
          secrets={secrets}
          reveal={reveal}
          read={readBody}
        />
      )}
      {entry.cut?.request === undefined ? (
        <ExportMenu source={{ kind: 'request', request: real.request }} exchange={real} />
      ) : (
        // An export of the start of a request body would send something else: the HAR export has it whole.
        <p className="muted small">
          The request body is longer than shown here: use Export HAR for this exchange as sent.
        </p>
      )}
    </div>
  );
}
