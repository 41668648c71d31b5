import { useEffect } from 'react';
import { ACTIVE_PROBES_WARNING } from '../../../shared/audit/active-warning';
import { ReportExports } from '../../components/ReportExports';
import { useAudit } from '../../state/audit/audit-store';
import { AuditFindings } from './AuditFindings';
import './audit.css';
import { ErrorBanner } from '../../components/ErrorBanner';

const AUDIT_FORMATS = [
  ['html', 'Export report (HTML)'],
  ['sarif', 'Export SARIF'],
] as const;

/** The report as `audit --report` writes it and the SARIF as `--sarif` does, saved as the app saves. */
function AuditExports() {
  const exportRequested = useAudit((s) => s.exportRequested);
  return <ReportExports formats={AUDIT_FORMATS} exportRequested={exportRequested} className="audit-exports" />;
}

/** Read only or active, the budget, then Audit; Cancel while it runs. */
function AuditControls({ profileId, running }: { profileId: string; running: boolean }) {
  const { active, maxRequestsText, busy, activeToggled, maxRequestsEdited, startRequested, cancelRequested } = useAudit(
    (s) => s
  );
  return (
    <div className="audit-controls">
      <label className="check">
        <input type="checkbox" checked={active} disabled={running} onChange={(e) => activeToggled(e.target.checked)} />
        Active probes (with this profile&apos;s client)
      </label>
      <label>
        At most
        <input
          className="mono audit-budget"
          value={maxRequestsText}
          disabled={running}
          inputMode="numeric"
          aria-label="Most requests to send"
          onChange={(e) => maxRequestsEdited(e.target.value)}
        />
        requests
      </label>
      <button
        type="button"
        className="primary"
        disabled={running || busy !== null}
        onClick={() => void startRequested(profileId)}
      >
        {busy === 'starting' ? 'Starting…' : 'Audit'}
      </button>
      {running && (
        <button type="button" disabled={busy !== null} onClick={() => void cancelRequested()}>
          {busy === 'cancelling' ? 'Cancelling…' : 'Cancel'}
        </button>
      )}
      {active && <p className="audit-warning small">{ACTIVE_PROBES_WARNING}</p>}
    </div>
  );
}

/**
 * *Audit* on a profile: `oauth-lab audit` of its issuer, read only unless *Active probes* is ticked.
 * Requests go only to the issuer's host, at most the budget; each is recorded in the History.
 */
export function ProfileAudit({ profileId, unsaved }: { profileId: string; unsaved: boolean }) {
  const pageOpened = useAudit((s) => s.pageOpened);
  const status = useAudit((s) => s.status);
  const error = useAudit((s) => s.error);
  const errorDismissed = useAudit((s) => s.errorDismissed);
  useEffect(() => {
    void pageOpened();
  }, [pageOpened]);
  const running = status.state === 'running';
  const mine = status.profileId === profileId;
  return (
    <section className="profile-audit" aria-label="Audit">
      <h3>Audit</h3>
      <p className="small muted">
        What is wrong with this profile&apos;s authorization server, as <code>oauth-lab audit</code> finds it: its
        metadata and keys read, and with active probes small flows through the profile&apos;s client. Requests go only
        to the issuer&apos;s host, and each is in the History.
      </p>
      {unsaved && (
        <p className="small audit-unsaved">The audit reads the saved profile: save your changes to audit with them.</p>
      )}
      <AuditControls profileId={profileId} running={running} />
      {error && <ErrorBanner onDismiss={errorDismissed}>{error}</ErrorBanner>}
      {running && !mine && <p className="muted small">An audit of {status.issuer} (another profile) is running.</p>}
      {mine && <AuditProgress />}
      {mine && status.findings.length > 0 && <AuditFindings findings={status.findings} />}
    </section>
  );
}

const sent = (n: number) => `${n} request${n === 1 ? '' : 's'} sent`;

/** Where the audit is: findings decided and requests sent while it runs, then its outcome and the exports. */
function AuditProgress() {
  const s = useAudit((st) => st.status);
  const found = s.findings.filter((f) => f.status === 'found').length;
  return (
    <div className="audit-progress" role="status" aria-live="polite">
      {s.state === 'running' && (
        <>
          <progress value={s.decided} max={s.total} aria-label="Findings decided" />
          <span className="small">
            Auditing {s.issuer}: {s.decided} of {s.total} findings decided, {sent(s.requests)} (at most {s.maxRequests}
            ).
          </span>
        </>
      )}
      {s.state === 'done' && (
        <span className="small">
          {s.issuer}: {found} found of {s.findings.length} findings; {sent(s.requests)}
          {s.active ? '' : ' (read only)'}.
        </span>
      )}
      {(s.state === 'failed' || s.state === 'cancelled') && (
        <span className={`small ${s.state === 'failed' ? 'error' : 'muted'}`}>
          {/* The host's cancel says "Cancelled: …" itself. */}
          {s.state === 'failed' ? `The audit failed: ${s.error}` : s.error}
        </span>
      )}
      {s.state === 'done' && <AuditExports />}
    </div>
  );
}
