import { alignDiff, libraryNames, type Comparison, type DebugRequest, type Diagnosis } from '../../shared/oauth1/debug';
import { terminalSafe } from './terminal-text';

/** `oauth-lab debug`'s answer: the diagnosis as JSON (--json) or as text for a terminal. */

export function jsonResult(d: Diagnosis, request: DebugRequest) {
  const finding = ({ cause, title, section, detail, behaviour, libraries }: Diagnosis['warnings'][number]) => ({
    cause,
    title,
    section,
    detail,
    ...(behaviour ? { behaviour, libraries } : {}),
  });
  return {
    verdict: d.verdict,
    summary: d.summary,
    signatureMethod: d.signatureMethod,
    placement: d.placement,
    receivedSignature: d.receivedSignature,
    expectedSignature: d.expectedSignature,
    baseString: d.baseString,
    serverBaseString: d.serverBaseString,
    clientBaseString: d.clientBaseString,
    request: {
      origin: request.origin,
      method: request.method,
      url: request.url,
      notes: request.notes,
      assumedScheme: request.assumedScheme ?? null,
    },
    resigned: d.resigned,
    causes: d.causes,
    libraries: d.libraries,
    serverLibraries: d.serverLibraries,
    warnings: d.warnings.map(finding),
    comparisons: d.comparisons.map((c) => ({
      top: c.top,
      bottom: c.bottom,
      same: c.same,
      firstDifference: c.firstDifference,
      findings: c.findings.map(finding),
    })),
    reproductions: d.reproductions.map((r) => ({
      signatureMethod: r.signatureMethod,
      baseString: r.baseString,
      mistakes: r.mistakes.map(finding),
    })),
  };
}

/** Columns of base string per line, so the ^ marks stay under their characters in a terminal. */
const WIDTH = 96;

export function textResult(d: Diagnosis, request: DebugRequest): string {
  const out: string[] = [];
  out.push(
    `Request: ${request.method} ${request.url} (${request.origin === 'http' ? 'raw HTTP' : request.origin}; OAuth parameters in the ${d.placement}, ${d.signatureMethod})`
  );
  for (const note of request.notes) out.push(`Note: ${note}`);
  out.push('', `Verdict: ${d.verdict}. ${d.summary}`);
  if (request.assumedScheme) out.push(`Assumed: ${request.assumedScheme.scheme}. ${request.assumedScheme.note}`);
  out.push(`  sent      ${d.receivedSignature}`);
  if (d.expectedSignature !== null)
    out.push(`  expected  ${d.expectedSignature}  (OAuth Lab, same nonce and timestamp)`);
  for (const c of d.comparisons) out.push('', ...comparisonText(c));
  if (d.causes.length) {
    out.push('', 'Causes:');
    d.causes.forEach((c, i) => {
      out.push(`  ${i + 1}. ${c.title} (${c.section})`, `     ${c.explanation}`);
      for (const detail of c.details) out.push(`     - ${detail}`);
    });
  }
  for (const [who, a] of [
    ['your client', d.libraries],
    ['the server', d.serverLibraries],
  ] as const) {
    if (!a.behaviours.length) continue;
    out.push('', `Known library behaviour (${who}):`);
    for (const b of a.behaviours) {
      out.push(
        `  ${b.id}. ${b.title} (${b.section})`,
        `     known in: ${libraryNames(b.libraries)}`,
        `     source: ${b.source}`
      );
      for (const detail of b.details) out.push(`     - ${detail}`);
    }
  }
  if (d.warnings.length) {
    out.push('', 'Warnings:');
    for (const w of d.warnings) out.push(`  - ${w.title} (${w.section}): ${w.detail}`);
  }
  if (d.resigned && d.expectedSignature !== d.receivedSignature) {
    out.push('', 'Re-signed by OAuth Lab (only oauth_signature changes):');
    const auth = d.resigned.headers.find(([n]) => n.toLowerCase() === 'authorization');
    if (d.placement === 'header' && auth) out.push(`  ${auth[0]}: ${auth[1]}`);
    else if (d.placement === 'query') out.push(`  ${d.resigned.url}`);
    else out.push(`  ${d.resigned.body ?? ''}`);
  }
  // Each line is one line: a line break in the request or a pasted base string cannot fake output.
  return `${out.map(terminalSafe).join('\n')}\n`;
}

/** The two base strings one above the other, cut into equal columns, with a line of ^ under each difference. */
function comparisonText(c: Comparison): string[] {
  if (c.same)
    return [
      'Base string (RFC 5849 §3.4.1)' +
        (c.top.label === c.bottom.label ? ':' : `, the same for ${c.top.label} and ${c.bottom.label}:`),
      `  ${c.bottom.text}`,
    ];
  const lines = [`Base strings (RFC 5849 §3.4.1), differences marked with ^ from character ${c.firstDifference! + 1}:`];
  const aligned = alignDiff(c.segments);
  const w = Math.max(c.top.label.length, c.bottom.label.length);
  for (let i = 0; i < aligned.top.length; i += WIDTH) {
    const label = (l: string) => (i === 0 ? l : '').padEnd(w);
    lines.push(
      `  ${label(c.top.label)}  ${aligned.top.slice(i, i + WIDTH)}`.trimEnd(),
      `  ${label(c.bottom.label)}  ${aligned.bottom.slice(i, i + WIDTH)}`.trimEnd()
    );
    const marks = aligned.marks.slice(i, i + WIDTH).trimEnd();
    if (marks) lines.push(`  ${''.padEnd(w)}  ${marks}`);
  }
  return lines;
}
