import { build } from 'vite';

/**
 * Builds with each vite config in turn, so the tests run the output built from the source under test. `.ci/run` builds
 * everything once and runs `npm test` and `npm run test:e2e` with OAUTH_LAB_BUILT=1, so neither builds again (a
 * build empties out/cli, emptyOutDir, which would also break a CLI started by tests running beside it).
 */
export async function buildOutput(configFiles: readonly string[]): Promise<void> {
  if (process.env.OAUTH_LAB_BUILT === '1') return;
  for (const configFile of configFiles) await build({ configFile, logLevel: 'warn' });
}
