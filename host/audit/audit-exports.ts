import type { AuditResult } from '../../shared/audit/audit-result';
import { auditSarif } from '../../shared/audit/sarif';
import type { MethodOutput } from '../../shared/bridge/contract';
import type { RawSeen } from '../../shared/grade/grade-report';
import { auditReportPage } from './audit-report';

/** The app's export of an audit: the page `--report` writes, or the SARIF `--sarif` writes, named after the issuer. */
export function auditExport(
  format: 'html' | 'sarif',
  result: AuditResult,
  seen: readonly RawSeen[]
): MethodOutput<'auditExport'> {
  const host = new URL(result.issuer).host.replace(/[^A-Za-z0-9.-]/g, '-');
  const html = format === 'html';
  return {
    target: html ? 'audit-report' : 'audit-sarif',
    filename: `oauth-lab-audit-${host}.${html ? 'html' : 'sarif'}`,
    mediaType: html ? 'text/html' : 'application/sarif+json',
    text: html ? auditReportPage(result, seen) : auditSarif(result),
    secretsIncluded: false,
    placeholders: [],
    notes: [],
  };
}
