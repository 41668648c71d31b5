import type { AuditFinding, AuditResult } from './audit-result';
import { FINDINGS, type Severity } from './findings';

/** SARIF 2.1.0 §3.27.10: a result's level from the finding's severity. */
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

/** SARIF 2.1.0 §3.27.9: found is a failure, not found a pass, skipped not applicable (level none, §3.27.10). */
const KIND = { found: 'fail', 'not-found': 'pass', skipped: 'notApplicable' } as const;

function result(f: AuditFinding, location: string) {
  const ruleIndex = FINDINGS.findIndex((r) => r.id === f.id);
  return {
    ruleId: f.id,
    ruleIndex,
    kind: KIND[f.status],
    level: f.status === 'found' ? LEVEL[f.severity] : 'none',
    message: { text: f.evidence.length ? f.evidence.join('\n') : f.status },
    locations: [{ physicalLocation: { artifactLocation: { uri: location } } }],
    properties: { status: f.status, severity: f.severity, section: f.section, explain: f.explain },
  };
}

/**
 * The audit as a SARIF 2.1.0 log (OASIS SARIF v2.1.0, for code-scanning dashboards): one run, every finding of the
 * closed list a rule, every finding reported a result located at the issuer.
 */
export function auditSarif(audit: AuditResult): string {
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'oauth-lab audit',
            rules: FINDINGS.map((r) => ({
              id: r.id,
              shortDescription: { text: r.title },
              defaultConfiguration: { level: LEVEL[r.severity] },
              properties: { severity: r.severity, section: r.section, explain: r.explain, active: r.active },
            })),
          },
        },
        invocations: [{ executionSuccessful: true }],
        results: audit.findings.map((f) => result(f, audit.issuer)),
        properties: { issuer: audit.issuer, probes: audit.probes },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
