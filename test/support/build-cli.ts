import { buildOutput } from './build-output';

/**
 * Builds the CLI (out/cli/) once before the tests, as `npm install`'s prepare step does: the tests that start
 * `bin/oauth-lab.mjs` run the built JavaScript users run, built from the source under test.
 */
export default function buildCli(): Promise<void> {
  return buildOutput([]);
}
