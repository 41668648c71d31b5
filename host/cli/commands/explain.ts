import { explainHar, type Explanation } from '../../../shared/explain/explain';
import { HarReadError, readHar, type HarFile } from '../../../shared/explain/har-read';
import { fingerprinter, type Fingerprint } from '../../../shared/explain/fingerprint';
import { buildReport } from '../../../shared/explain/report';
import { reportHtml } from '../../../shared/explain/report-html';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { parseFlags } from '../flags';
import { EXPLAIN_HELP } from '../help/explain';
import { UsageError, type Command, type TextOutput } from '../io';
import { readFileFlag } from '../read-file-flag';
import { writeReportFile } from '../report-outputs';
import { writesInPlace } from '../../store/durable-write';
import { terminalSafe } from '../terminal-text';

const FLAGS = {
  json: { type: 'boolean' },
  report: { type: 'string' },
  'code-lifetime': { type: 'string' },
} as const;

function codeLifetime(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
    throw new UsageError(
      `--code-lifetime takes the lifetime in seconds, a positive number such as 60; got ${JSON.stringify(value)}.`
    );
  return Number(value);
}

function printText(out: TextOutput, file: string, entries: number, e: Explanation): void {
  out.write(`${terminalSafe(file)}: ${entries} entries, ${e.legs.length} OAuth legs.\n`);
  e.legs.forEach((l, i) =>
    out.write(`  leg ${i}  ${l.kind.padEnd(14)} entries ${l.entries.join(', ').padEnd(12)} ${l.ok ? 'ok' : 'FAILED'}\n`)
  );
  if (!e.causes.length) {
    out.write(e.legs.length ? '\nNo leg failed: nothing to explain.\n' : '\nNo OAuth leg found in the file.\n');
    return;
  }
  let leg = -1;
  let rank = 0;
  for (const c of e.causes) {
    if (c.leg !== leg) {
      leg = c.leg;
      rank = 0;
      out.write(`\nLeg ${leg} (${e.legs[leg]!.kind}) failed; causes, most likely first:\n`);
    }
    out.write(`  ${++rank}. ${c.id} (${c.rfc})\n     ${terminalSafe(c.evidence)}\n`);
  }
}

/** OUT.html's JSON twin: OUT.json next to it. */
const jsonPathOf = (html: string) => `${html.replace(/\.html?$/i, '')}.json`;

/**
 * Writes the page, and its JSON twin beside it when the page goes to a file; a page sent to a stream
 * (`--report /dev/stdout`, a FIFO) has no "beside it". Returns where the twin went, or null.
 */
function writeReport(
  out: TextOutput,
  path: string,
  file: string,
  har: HarFile,
  e: Explanation,
  fp: Fingerprint
): string | null {
  const report = buildReport(har, e, fp);
  const toStream = writesInPlace(path);
  writeReportFile(out, { flag: '--report', path, text: () => reportHtml(report, `Why did it fail: ${file}`) });
  if (toStream) return null;
  const json = jsonPathOf(path);
  writeReportFile(out, { flag: '--report', path: json, text: () => `${JSON.stringify(report, null, 2)}\n` });
  return json;
}

export const explainCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(EXPLAIN_HELP);
    return 0;
  }
  const [file, ...rest] = argv;
  if (file === undefined || file.startsWith('-'))
    throw new UsageError(
      'the HAR file comes first, such as oauth-lab explain session.har --json. Run "oauth-lab explain --help".'
    );
  const v = parseFlags(rest, FLAGS, 'explain');
  const lifetime = codeLifetime(v['code-lifetime']);
  let har: HarFile;
  try {
    har = readHar(readFileFlag('FILE', file));
  } catch (e) {
    if (!(e instanceof HarReadError)) throw e;
    io.stderr.write(`oauth-lab explain: ${terminalSafe(file)}: ${terminalSafe(e.message)}\n`);
    return 2;
  }
  // One salt per run: the report's fingerprints and the printed causes' match each other, and no other run's.
  const fp = fingerprinter(nodeCrypto, nodeRandom);
  const explanation = explainHar(har, nodeCrypto, fp, { codeLifetimeSeconds: lifetime });
  if (v.report !== undefined) {
    const json = writeReport(io.stdout, v.report, file, har, explanation, fp);
    io.stderr.write(
      json === null
        ? `Report written to ${terminalSafe(v.report)} (no JSON twin: the target is not a regular file).\n`
        : `Report written to ${terminalSafe(v.report)} and ${terminalSafe(json)}.\n`
    );
  }
  if (v.json) io.stdout.write(`${JSON.stringify({ legs: explanation.legs, causes: explanation.causes })}\n`);
  else printText(io.stdout, file, har.entries.length, explanation);
  return 0;
};
