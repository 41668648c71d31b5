import type { GradeReport } from '../../../shared/grade/grade-report';
import { gradeReportHtml } from '../../../shared/grade/grade-report-html';
import { gradeJunit } from '../../../shared/grade/junit';
import { GRADED_SCENARIOS, PACKS, scenarioById, scenariosOf, type Scenario } from '../../../shared/grade/scenarios';
import { parseFlags } from '../flags';
import { gradeScenarios } from '../grade/run-scenarios';
import { GRADE_HELP } from '../help/grade';
import { UsageError, type Command, type TextOutput } from '../io';
import { writeOutputs } from '../report-outputs';

const FLAGS = {
  drive: { type: 'string' },
  pack: { type: 'string' },
  scenario: { type: 'string', multiple: true },
  wait: { type: 'string' },
  json: { type: 'boolean' },
  report: { type: 'string' },
  junit: { type: 'string' },
} as const;

type PackName = (typeof PACKS)[number];

function waitMs(value: string | undefined): number {
  if (value === undefined) return 5000;
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
    throw new UsageError(`--wait takes seconds, a positive number such as 5; got ${JSON.stringify(value)}.`);
  return Number(value) * 1000;
}

/** The pack's scenarios in order, narrowed to --scenario when given. */
function planOf(pack: PackName, ids: readonly string[]): Scenario[] {
  const all = scenariosOf(pack);
  for (const id of ids)
    if (!all.some((s) => s.id === id)) {
      const known = scenarioById(id);
      throw new UsageError(
        known
          ? `--scenario ${id} is in the pack ${known.pack}, not ${pack}: add --pack ${known.pack} or --pack all.`
          : `--scenario ${JSON.stringify(id)} is not a scenario id; expected one of ${GRADED_SCENARIOS.map((s) => s.id).join(', ')}.`
      );
    }
  return ids.length ? all.filter((s) => ids.includes(s.id)) : all;
}

function printText(out: TextOutput, r: GradeReport): void {
  for (const s of r.scenarios) {
    out.write(`${s.verdict.padEnd(4)}  ${s.id}  (${s.expectation}; ${s.section})\n`);
    out.write(`      ${s.evidence[0]}\n`);
  }
  out.write(`\n${r.passed} passed, ${r.failed} failed.\n`);
}

/** --json's line: the totals and each scenario's row, without the requests the report shows. */
function jsonOf({ pack, scenarios, passed, failed }: GradeReport) {
  return { pack, scenarios: scenarios.map(({ requests: _, ...row }) => row), passed, failed };
}

export const gradeCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(GRADE_HELP);
    return 0;
  }
  const v = parseFlags(argv, FLAGS, 'grade');
  if (v.drive === undefined || v.drive.trim() === '')
    throw new UsageError(
      '--drive "CMD" is required: the command that runs your client once, such as --drive "node client.js".'
    );
  const pack = (v.pack ?? 'all') as PackName;
  if (!PACKS.includes(pack))
    throw new UsageError(`--pack takes one of ${PACKS.join(', ')}; got ${JSON.stringify(v.pack)}.`);
  const plan = planOf(pack, v.scenario ?? []);
  const report = await gradeScenarios(pack, plan, {
    command: v.drive,
    env: io.env,
    waitMs: waitMs(v.wait),
    log: io.stderr,
  });
  writeOutputs(io.stdout, {
    files: [
      { flag: '--report', path: v.report, text: () => gradeReportHtml(report, `oauth-lab grade: ${pack}`) },
      { flag: '--junit', path: v.junit, text: () => gradeJunit(pack, report.scenarios) },
    ],
    json: v.json ? () => jsonOf(report) : undefined,
    text: (out) => printText(out, report),
  });
  return report.failed === 0 ? 0 : 1;
};
