import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finding, type AuditResult } from '../../../../shared/audit/audit-result';
import { FINDINGS } from '../../../../shared/audit/findings';
import { auditSarif } from '../../../../shared/audit/sarif';
import { validateDraft4 } from '../../../support/json-schema-draft4';

// The SARIF log is checked against the published SARIF 2.1.0 schema (test/vectors/sarif/, as OASIS publishes it)
// by a draft-04 checker that refuses any keyword it does not judge.
const schema = JSON.parse(
  readFileSync(join(__dirname, '../../../vectors/sarif/sarif-schema-2.1.0.json'), 'utf8')
) as Record<string, unknown>;

const audit: AuditResult = {
  issuer: 'https://issuer.example',
  findings: [
    finding('metadata-weak-alg', 'found', [
      'https://issuer.example/.well-known/openid-configuration: none',
      'reproduce: curl x',
    ]),
    finding('metadata-no-s256', 'not-found', ['S256 listed']),
    finding('code-reuse-accepted', 'skipped', ['run with --active']),
  ],
  probes: 2,
};

describe('audit --sarif', () => {
  it('validates against the SARIF 2.1.0 schema: every finding a rule, every result its level and kind', () => {
    const log = JSON.parse(auditSarif(audit));
    expect(validateDraft4(schema, log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(FINDINGS.map((f) => f.id));
    expect(
      log.runs[0].results.map((r: { ruleId: string; level: string; kind: string }) => [r.ruleId, r.level, r.kind])
    ).toEqual([
      ['metadata-weak-alg', 'warning', 'fail'],
      ['metadata-no-s256', 'none', 'pass'],
      ['code-reuse-accepted', 'none', 'notApplicable'],
    ]);
  });

  it('the checker refuses what the schema forbids (a level outside its enum, a member it does not allow)', () => {
    const log = JSON.parse(auditSarif(audit));
    log.runs[0].results[0].level = 'fatal';
    log.runs[0].surprise = true;
    const problems = validateDraft4(schema, log);
    expect(problems.some((p) => p.includes('"fatal" is not one of'))).toBe(true);
    expect(problems.some((p) => p.includes('surprise is not allowed'))).toBe(true);
  });
});
