// `npm run bench`: runs every test/bench/*.bench.ts (each exports `run(): Promise<string>`) and prints its report.
// Benchmarks compare against a baseline measured in the same run; they are reports, not pass/fail tests.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as { run: () => Promise<string> };
  process.stdout.write(`\n# ${file}\n${await mod.run()}\n`);
}
