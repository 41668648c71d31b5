import type { Report, ReportEntry } from './report';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Server text is data: every character HTML could read as markup is escaped. */
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font:12px/1.4 ui-monospace,monospace;word-break:break-all}
.ok{color:#1a7f37}.failed{color:#cf222e;font-weight:600}
ol.causes li{margin-bottom:.6rem}.id{font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}td,th{border-color:#30363d}.ok{color:#3fb950}.failed{color:#ff7b72}}
`;

function entryRows(e: ReportEntry): string {
  const pairs = (list: readonly (readonly [string, string])[]) =>
    list.map(([n, v]) => `<code>${esc(n)}: ${esc(v)}</code>`).join('<br>');
  return `<tr><td>${e.index}</td><td><code>${esc(e.method)} ${esc(e.url)}</code>${
    e.form.length ? `<br>${pairs(e.form)}` : ''
  }</td><td>${pairs(e.requestHeaders)}</td><td>${e.status}${e.said ? `<br>${esc(e.said)}` : ''}</td></tr>`;
}

/**
 * The report as one self-contained HTML page: inline style, no script, no external resource, every server text
 * escaped. Its JSON (the same data) is embedded for a program that reads the page.
 */
export function reportHtml(report: Report, title: string): string {
  const legs = report.legs
    .map(
      (l, i) =>
        `<h2>Leg ${i}: ${esc(l.kind)} <span class="${l.ok ? 'ok' : 'failed'}">${l.ok ? 'ok' : 'failed'}</span></h2>
<table><tr><th>Entry</th><th>Request</th><th>Headers</th><th>Answer</th></tr>${l.details.map(entryRows).join('')}</table>`
    )
    .join('\n');
  const causes = report.causes.length
    ? `<ol class="causes">${report.causes
        .map((c) => `<li><span class="id">${esc(c.id)}</span> (leg ${c.leg}, ${esc(c.rfc)}): ${esc(c.evidence)}</li>`)
        .join('')}</ol>`
    : '<p>No leg failed: nothing to explain.</p>';
  const json = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><h1>${esc(title)}</h1>
<p>Shown in clear: the protocol's public parameters (response_type, grant_type, scope, client_id, redirect_uri, error, …) and descriptive headers (Content-Type, Accept, User-Agent, Host, …). Every other value is a fingerprint keyed for this report alone: the same value has the same fingerprint here, and none can be looked up. URL user information and fragments are left out.</p>
<h2>Causes, most likely first</h2>${causes}
${legs}
<script type="application/json" id="report">${json}</script>
</body></html>
`;
}
