import { escapeHtml as esc } from '../html';
import type { GradeReport, ReportedRequest } from './grade-report';

/** The style of the report pages (grade, audit): light and dark, no external resource. */
export const REPORT_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font:12px/1.4 ui-monospace,monospace;word-break:break-all}
.pass{color:#1a7f37}.fail{color:#cf222e;font-weight:600}.skip{color:#9a6700}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}td,th{border-color:#30363d}.pass{color:#3fb950}.fail{color:#ff7b72}}
`;

/** One request of a report as a table row, its values already fingerprinted. */
export function requestRow(r: ReportedRequest, i: number): string {
  const pairs = (list: readonly (readonly [string, string])[]) =>
    list.map(([n, v]) => `<code>${esc(n)}: ${esc(v)}</code>`).join('<br>');
  return `<tr><td>${i + 1}</td><td><code>${esc(r.method)} ${esc(r.target)}</code>${
    r.form.length ? `<br>${pairs(r.form)}` : ''
  }</td><td>${pairs(r.headers)}</td><td>${r.status}<br>${esc(r.said)}</td></tr>`;
}

/**
 * The grade as one self-contained page (no script, no external resource, every text escaped): each scenario's
 * verdict, section and evidence, and the requests its issuer saw with their secrets fingerprinted. Its JSON (the
 * same data) is embedded for a program that reads the page.
 */
export function gradeReportHtml(report: GradeReport, title: string): string {
  const scenarios = report.scenarios
    .map(
      (s) => `<h2>${esc(s.id)} <span class="${s.verdict}">${s.verdict}</span></h2>
<p>Expected: ${esc(s.expectation)} · ${esc(s.section)} · client exit code ${s.exitCode ?? 'none (not run)'}</p>
<ul>${s.evidence.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>
<table><tr><th>#</th><th>Request</th><th>Headers</th><th>Answer</th></tr>${s.requests.map(requestRow).join('')}</table>`
    )
    .join('\n');
  const json = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>${REPORT_STYLE}</style></head>
<body><h1>${esc(title)}</h1>
<p>${report.passed} passed, ${report.failed} failed. Shown in clear: the protocol's public parameters and descriptive headers; every other value is a fingerprint keyed for this report alone (the same value has the same fingerprint here, and none can be looked up).</p>
${scenarios}
<script type="application/json" id="report">${json}</script>
</body></html>
`;
}
