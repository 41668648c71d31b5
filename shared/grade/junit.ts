import { escapeHtml } from '../html';

/** XML 1.0 has no place for most control characters (§2.2), escaped or not: they become U+FFFD. */
const esc = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '\ufffd'));
import type { ScenarioResult } from './grade-report';

/**
 * The grade as JUnit XML (the Ant schema CI systems read): one testsuite for the pack, one testcase per scenario,
 * a failure carrying the evidence, a skip as skipped.
 */
export function gradeJunit(pack: string, results: readonly ScenarioResult[]): string {
  const failed = results.filter((r) => r.verdict === 'fail').length;
  const skipped = results.filter((r) => r.verdict === 'skip').length;
  const cases = results.map((r) => {
    const open = `  <testcase classname="oauth-lab.grade.${esc(pack)}" name="${esc(r.id)}">`;
    const body = r.evidence.join('\n');
    if (r.verdict === 'fail')
      return `${open}\n    <failure message="${esc(r.evidence[0] ?? 'fail')}" type="${esc(r.section)}">${esc(body)}</failure>\n  </testcase>`;
    if (r.verdict === 'skip') return `${open}\n    <skipped message="${esc(r.evidence[0] ?? 'skip')}"/>\n  </testcase>`;
    return `${open}\n    <system-out>${esc(body)}</system-out>\n  </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="oauth-lab grade" tests="${results.length}" failures="${failed}" skipped="${skipped}">
<testsuite name="${esc(pack)}" tests="${results.length}" failures="${failed}" errors="0" skipped="${skipped}">
${cases.join('\n')}
</testsuite>
</testsuites>
`;
}
