import { build } from 'vite';
import { buildCli } from '../../scripts/build-cli';

/**
 * Builds with each vite config in turn, then the CLI as `npm run build:cli` does (scripts/build-cli.ts), so the tests
 * run the output built from the source under test. `.ci/run` builds everything once and runs `npm test` and `npm run
 * test:e2e` with OAUTH_LAB_BUILT=1, so neither builds again.
 */
export async function buildOutput(configFiles: readonly string[]): Promise<void> {
  if (process.env.OAUTH_LAB_BUILT === '1') return;
  for (const configFile of configFiles) await build({ configFile, logLevel: 'warn' });
  await buildCli();
}
