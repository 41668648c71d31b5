import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The per-user config directory of the tests (XDG_CONFIG_HOME, inherited by the workers and the CLI processes they
 * start): commands run without --store-dir (`oauth-lab call`, `flow`) record their exchanges in the per-user store,
 * which must not be the developer's own. Removed after the run.
 */
export default function isolateConfigDirectory(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-test-config-'));
  process.env.XDG_CONFIG_HOME = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
