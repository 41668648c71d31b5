// `npm run bench`: runs every test/bench/*.bench.ts (each exports `run(): Promise<string | BenchOutcome>`) and prints
// its report. Benchmarks compare against a baseline measured in the same run; their ratios are reports, not
// pass/fail tests, but a benchmark may report failures (requests that errored), which make the run exit non-zero.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchOutcome {
  readonly report: string;
  /** Empty when the run was sound. */
  readonly failures: readonly string[];
}

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as { run: () => Promise<string | BenchOutcome> };
  const outcome = await mod.run();
  const { report, failures } = typeof outcome === 'string' ? { report: outcome, failures: [] } : outcome;
  process.stdout.write(`\n# ${file}\n${report}\n`);
  if (failures.length) {
    process.stderr.write(`${file} failed: ${failures.join('; ')}\n`);
    process.exitCode = 1;
  }
}
