import { useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Report } from '../../../shared/explain/report';
import { count } from './format';
import type { HarExplainStore } from '../../state/history/har-explain-store';

/** "Explain a HAR file…": a file input behind a button (the file never leaves the page); "Explain the history". */
export function HarExplainButton({ store, profileId }: { store: HarExplainStore; profileId: string | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const busy = useStore(store, (s) => s.busy);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} disabled={busy}>
        Explain a HAR file…
      </button>
      <button type="button" onClick={() => void store.getState().historyExplainRequested(profileId)} disabled={busy}>
        Explain the history
      </button>
      <input
        ref={input}
        type="file"
        accept=".har,.json,application/json"
        hidden
        aria-label="HAR file to explain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void store.getState().fileChosen(file);
        }}
      />
    </>
  );
}

/** A file may hold tens of thousands of legs: the lists draw a page at a time, so the page never freezes. */
const LEGS_PAGE = 200;
const FAILED_PAGE = 50;

/** How many of a list's items are shown, and the line that says so with a button for the next page. */
function usePaged(total: number, page: number, noun: string) {
  const [shown, setShown] = useState(page);
  const more = Math.min(page, total - shown);
  const footer =
    more > 0 ? (
      <p className="explain-more muted small">
        Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {noun}.{' '}
        <button type="button" className="link" onClick={() => setShown((n) => n + page)}>
          Show {more} more {noun}
        </button>
      </p>
    ) : null;
  return { shown, footer };
}

function Legs({ report }: { report: Report }) {
  const { shown, footer } = usePaged(report.legs.length, LEGS_PAGE, 'legs');
  return (
    <>
      <h4>Legs found (entry numbers count from 0 in the file)</h4>
      <ol className="explain-legs" start={0}>
        {report.legs.slice(0, shown).map((leg, i) => (
          <li key={i}>
            <div className="explain-leg">
              <span className="explain-kind">{leg.kind}</span>
              <span className={leg.ok ? 'ok' : 'bad'}>{leg.ok ? 'ok' : 'failed'}</span>
              <span className="muted small explain-entries">
                {leg.details
                  .map((d) => `#${d.index} ${d.method} ${d.url} → ${d.status}${d.said ? `: ${d.said}` : ''}`)
                  .join(' · ')}
              </span>
            </div>
          </li>
        ))}
      </ol>
      {footer}
    </>
  );
}

function Causes({ report }: { report: Report }) {
  // Grouped once (a leg's causes stay in the report's order, most likely first), not filtered per leg.
  const byLeg = useMemo(() => {
    const groups = new Map<number, Report['causes'][number][]>();
    for (const c of report.causes)
      groups
        .set(c.leg, groups.get(c.leg) ?? [])
        .get(c.leg)!
        .push(c);
    return groups;
  }, [report]);
  const failed = [...byLeg.keys()];
  const { shown, footer } = usePaged(failed.length, FAILED_PAGE, 'failed legs');
  return (
    <>
      {failed.slice(0, shown).map((leg) => (
        <section key={leg} className="explain-failed" aria-label={`Leg ${leg} failed`}>
          <h4>
            Leg {leg} ({report.legs[leg]!.kind}) failed: causes, most likely first
          </h4>
          <ol>
            {byLeg.get(leg)!.map((c, i) => (
              <li key={i}>
                <code className="explain-id">{c.id}</code> <span className="muted">{c.rfc}</span>
                <p>{c.evidence}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {footer}
    </>
  );
}

/** The host explaining the file to add its legs (on a worker thread: the app goes on answering meanwhile). */
function ImportProgress({ done, total }: { done: number; total: number }) {
  return (
    <p className="explain-progress" role="status">
      <progress aria-label="Adding the OAuth legs" max={Math.max(total, 1)} value={done} />{' '}
      {total === 0
        ? 'Reading the file to add its OAuth legs…'
        : `Adding its OAuth legs: ${count(done, 'leg', 'legs')} of ${total.toLocaleString('en-US')} explained…`}
    </p>
  );
}

/** Why each failed leg of the chosen HAR failed, with the evidence (server text shown as text, secrets fingerprinted). */
export function HarExplainPanel({ store }: { store: HarExplainStore }) {
  const fileName = useStore(store, (s) => s.fileName);
  const busy = useStore(store, (s) => s.busy);
  const result = useStore(store, (s) => s.result);
  const importMessage = useStore(store, (s) => s.importMessage);
  const added = useStore(store, (s) => s.added);
  const progress = useStore(store, (s) => s.importProgress);
  if (fileName === null) return null;
  return (
    <section className="explain-panel" aria-label="HAR explanation">
      <div className="explain-head">
        <h3>Why did it fail: {fileName}</h3>
        <button type="button" className="link" onClick={store.getState().closed}>
          Close
        </button>
      </div>
      {busy && !progress && <p role="status">Reading and explaining the file…</p>}
      {progress && <ImportProgress {...progress} />}
      {result && !result.ok && (
        <p className="error" role="alert">
          {fileName} cannot be read as HAR: {result.error}
        </p>
      )}
      {result?.ok && (
        <>
          <p role="status">
            {count(result.entries, 'entry', 'entries')}, {count(result.report.legs.length, 'OAuth leg', 'OAuth legs')}
            {result.report.causes.length === 0
              ? result.report.legs.length
                ? ': no leg failed, nothing to explain.'
                : ': no OAuth leg in the file.'
              : '.'}{' '}
            Codes, tokens and secrets are shown as fingerprints.
          </p>
          {result.report.legs.length > 0 && (!added || importMessage) && (
            <p className="explain-import">
              {!added && (
                <button type="button" onClick={() => void store.getState().importRequested()} disabled={busy}>
                  Add its OAuth legs to the history
                </button>
              )}
              {importMessage && (
                <span role="status" className="muted">
                  {importMessage}
                </span>
              )}
            </p>
          )}
          <Causes report={result.report} />
          {result.report.legs.length > 0 && <Legs report={result.report} />}
        </>
      )}
    </section>
  );
}
