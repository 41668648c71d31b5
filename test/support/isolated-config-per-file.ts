import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_ROOT_VARIABLE } from './isolated-config';

// Each test file's own per-user config directory (XDG_CONFIG_HOME, inherited by the CLI processes it starts): test
// files run side by side, and one that counts what `oauth-lab call` recorded in the per-user store must not see
// another file's calls. Under the run's root, which isolated-config.ts removes after the run.
const root = process.env[CONFIG_ROOT_VARIABLE];
if (!root)
  throw new Error(`${CONFIG_ROOT_VARIABLE} is not set: test/support/isolated-config.ts must run as a global setup.`);
process.env.XDG_CONFIG_HOME = mkdtempSync(join(root, 'file-'));
