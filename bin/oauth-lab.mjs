#!/usr/bin/env node
// Runs the built CLI (out/cli/, from `npm run build:cli`, which `npm install` runs as its prepare step), so a start
// loads plain JavaScript instead of compiling TypeScript.
const entry = new URL('../out/cli/main.js', import.meta.url);
let cli;
try {
  cli = await import(entry.href);
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes(entry.pathname)) throw e;
  process.stderr.write(
    `oauth-lab: the command line is not built (${entry.pathname} is missing); run "npm run build:cli" in ${new URL('..', import.meta.url).pathname}.\n`
  );
  process.exit(1);
}
process.exitCode = await cli.main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
