// Runs a TypeScript entry (npm run bench, npm run screenshot) through Vite's module runner, as Vitest and the builds
// run the code: the grant registries find their modules with import.meta.glob, which only Vite provides.
// Usage: tsx scripts/run-through-vite.ts <entry.ts> [its arguments…]; the entry sees its own arguments from argv[2].
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const [entry] = process.argv.splice(2, 1);
if (!entry) {
  process.stderr.write('Usage: tsx scripts/run-through-vite.ts <entry.ts> [arguments…]\n');
  process.exit(2);
}
process.argv[1] = resolve(entry);
await runnerImport(process.argv[1], { configFile: false, root: process.cwd(), logLevel: 'error' });
