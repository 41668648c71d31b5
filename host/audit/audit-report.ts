import type { AuditResult } from '../../shared/audit/audit-result';
import { auditReportHtml } from '../../shared/audit/audit-report-html';
import { FINDINGS } from '../../shared/audit/findings';
import { fingerprinter } from '../../shared/explain/fingerprint';
import { reportedRequest, type RawSeen } from '../../shared/grade/grade-report';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';

/** The audit as a page (`--report`, the app's export): every request sent, each secret a fingerprint keyed for it alone. */
export function auditReportPage(result: AuditResult, seen: readonly RawSeen[]): string {
  const fp = fingerprinter(nodeCrypto, nodeRandom);
  const titles = Object.fromEntries(FINDINGS.map((f) => [f.id, f.title]));
  return auditReportHtml(
    result,
    titles,
    seen.map((s) => reportedRequest(s, fp))
  );
}
