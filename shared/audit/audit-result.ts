import type { CauseId } from '../explain/cause-ids';
import { findingSpec, type FindingId, type Severity } from './findings';

/** A finding as `audit --json` prints it: these fields exactly. */
export type FindingStatus = 'found' | 'not-found' | 'skipped';

export interface AuditFinding {
  readonly id: FindingId;
  readonly severity: Severity;
  readonly status: FindingStatus;
  readonly section: string;
  /** What was seen, in words; a found or not-found probe's last line is its copy-paste reproduction. */
  readonly evidence: readonly string[];
  readonly explain: CauseId | null;
}

export interface AuditResult {
  readonly issuer: string;
  readonly findings: readonly AuditFinding[];
  /** Requests sent in all, discovery included. */
  readonly probes: number;
}

/** One finding with its spec's severity, section and cause id. */
export function finding(id: FindingId, status: FindingStatus, evidence: readonly string[]): AuditFinding {
  const spec = findingSpec(id);
  return { id, severity: spec.severity, status, section: spec.section, evidence, explain: spec.explain };
}

/** Exit code 1 when a high or medium finding is found, else 0. */
export const auditExitCode = (r: AuditResult): 0 | 1 =>
  r.findings.some((f) => f.status === 'found' && (f.severity === 'high' || f.severity === 'medium')) ? 1 : 0;
