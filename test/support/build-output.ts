import { build } from 'vite';

/**
 * Builds with each vite config in turn, so the tests run the output built from the source under test. `.ci/run` builds
 * everything once and runs `npm test` and `npm run test:e2e` side by side with OAUTH_LAB_BUILT=1: a second build
 * would empty out/cli (emptyOutDir) while the other command's tests start the CLI from it.
 */
export async function buildOutput(configFiles: readonly string[]): Promise<void> {
  if (process.env.OAUTH_LAB_BUILT === '1') return;
  for (const configFile of configFiles) await build({ configFile, logLevel: 'warn' });
}
