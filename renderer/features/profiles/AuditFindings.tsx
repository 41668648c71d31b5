import { FINDINGS, SEVERITIES, type FindingId } from '../../../shared/audit/findings';
import type { AuditStatusFinding } from '../../../shared/bridge/schemas/audit';
import { CopyButton } from '../../components/CopyButton';
import { useAudit } from '../../state/audit/audit-store';

const REPRODUCE = 'reproduce: ';
const GROUPS = [
  { status: 'found', title: 'Found', open: true },
  { status: 'not-found', title: 'Not found', open: false },
  { status: 'skipped', title: 'Skipped', open: false },
] as const;
const titleOf = (id: string) => FINDINGS.find((f) => f.id === (id as FindingId))?.title ?? '';
const bySeverity = (a: AuditStatusFinding, b: AuditStatusFinding) =>
  SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);

/** One finding: its severity, id, what it means, section, evidence (the server's words as text), cause id, reproduction. */
function FindingRow({ f }: { f: AuditStatusFinding }) {
  const historyRequested = useAudit((s) => s.historyRequested);
  const reproduce = f.evidence.find((e) => e.startsWith(REPRODUCE))?.slice(REPRODUCE.length);
  const evidence = f.evidence.filter((e) => !e.startsWith(REPRODUCE));
  return (
    <li className={`audit-finding ${f.status} sev-${f.severity}`} aria-label={f.id} data-status={f.status}>
      <div className="audit-finding-head">
        <span className={`audit-sev ${f.severity}`}>{f.severity}</span>
        <code className="audit-id">{f.id}</code>
        <span className="audit-section muted small">{f.section}</span>
        <button
          type="button"
          className="link"
          aria-label={`Show in History ${f.id}`}
          onClick={() => historyRequested(f)}
        >
          Show in History
        </button>
      </div>
      <p className="audit-title small">{titleOf(f.id)}</p>
      {evidence.length > 0 && (
        <ul className="audit-evidence small" aria-label={`Evidence of ${f.id}`}>
          {evidence.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {f.explain && (
        <p className="small muted">
          The server&apos;s side of the cause <code>{f.explain}</code>
        </p>
      )}
      {reproduce && (
        <div className="audit-reproduce">
          <pre className="mono small" aria-label={`Reproduction of ${f.id}`}>
            {reproduce}
          </pre>
          <CopyButton text={reproduce} label={`reproduction of ${f.id}`} />
        </div>
      )}
    </li>
  );
}

/** The audit's findings grouped by status, found first, the most severe first in each group. */
export function AuditFindings({ findings }: { findings: readonly AuditStatusFinding[] }) {
  return (
    <div className="audit-findings">
      {GROUPS.map((g) => {
        const rows = findings.filter((f) => f.status === g.status).sort(bySeverity);
        if (!rows.length) return null;
        return (
          <details key={g.status} open={g.open} className={`audit-group ${g.status}`}>
            <summary>
              {g.title} ({rows.length})
            </summary>
            <ul aria-label={g.title}>
              {rows.map((f) => (
                <FindingRow key={f.id} f={f} />
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
