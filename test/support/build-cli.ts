import { build } from 'vite';

/**
 * Builds the CLI (out/cli/) once before the tests, as `npm install`'s prepare step does: the tests that start
 * `bin/oauth-lab.mjs` run the built JavaScript users run, built from the source under test.
 */
export default async function buildCli(): Promise<void> {
  await build({ configFile: 'vite.cli.config.ts', logLevel: 'warn' });
}
