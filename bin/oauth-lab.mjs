#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so `oauth-lab` works right after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/main.ts');
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
