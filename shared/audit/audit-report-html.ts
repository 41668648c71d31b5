import { escapeHtml as esc } from '../html';
import type { ReportedRequest } from '../grade/grade-report';
import { REPORT_STYLE, requestRow } from '../grade/grade-report-html';
import type { AuditFinding, AuditResult } from './audit-result';
import { SEVERITIES } from './findings';

/** What each status looks like, in the grade report's colours. */
const STATUS_CLASS = { found: 'fail', 'not-found': 'pass', skipped: 'skip' } as const;

function findingSection(f: AuditFinding, title: string): string {
  return `<h2>${esc(f.id)} <span class="${STATUS_CLASS[f.status]}">${f.status}</span></h2>
<p>${esc(title)} · severity ${f.severity} · ${esc(f.section)}${f.explain ? ` · explain cause <code>${esc(f.explain)}</code>` : ''}</p>
<ul>${f.evidence.map((e) => `<li>${e.startsWith('reproduce: ') ? `reproduce: <code>${esc(e.slice(11))}</code>` : esc(e)}</li>`).join('')}</ul>`;
}

/**
 * The audit as one self-contained page, as `explain --report` and `grade --report` write theirs (no script, every
 * text escaped): the findings, found first and the most severe first, then the requests sent, their secrets
 * fingerprinted with explain's allow-list. Its JSON (what --json prints) is embedded for a program that reads it.
 */
export function auditReportHtml(
  result: AuditResult,
  titles: Readonly<Record<string, string>>,
  requests: readonly ReportedRequest[]
): string {
  const order = { found: 0, 'not-found': 1, skipped: 2 } as const;
  const rank = (f: AuditFinding) => order[f.status] * SEVERITIES.length + SEVERITIES.indexOf(f.severity);
  const findings = [...result.findings].sort((a, b) => rank(a) - rank(b));
  const count = (s: AuditFinding['status']) => result.findings.filter((f) => f.status === s).length;
  const json = JSON.stringify(result).replace(/</g, '\\u003c');
  const title = `oauth-lab audit: ${result.issuer}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>${REPORT_STYLE}</style></head>
<body><h1>${esc(title)}</h1>
<p>${count('found')} found, ${count('not-found')} not found, ${count('skipped')} skipped; ${result.probes} requests sent. Shown in clear in the requests: the protocol's public parameters and descriptive headers; every other value is a fingerprint keyed for this report alone.</p>
${findings.map((f) => findingSection(f, titles[f.id] ?? '')).join('\n')}
<h2>Requests sent</h2>
<table><tr><th>#</th><th>Request</th><th>Headers</th><th>Answer</th></tr>${requests.map(requestRow).join('')}</table>
<script type="application/json" id="report">${json}</script>
</body></html>
`;
}
