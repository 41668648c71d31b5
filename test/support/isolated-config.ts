import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The root of the tests' per-user config directories, removed after the run: commands run without --store-dir
 * (`oauth-lab call`, `flow`) record their exchanges in the per-user store, which must not be the developer's own.
 * Each test file gets a directory of its own under it (isolated-config-per-file.ts), because files run side by side.
 */
export const CONFIG_ROOT_VARIABLE = 'OAUTH_LAB_TEST_CONFIG_ROOT';

export default function isolateConfigDirectory(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-test-config-'));
  process.env[CONFIG_ROOT_VARIABLE] = dir;
  // Also the whole run's fallback, for anything that reads it before a file's own directory is set.
  process.env.XDG_CONFIG_HOME = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
