// `npm start`: builds the app, then opens it in Electron (fetching Electron's binary on first run) or, when that
// cannot be fetched, in the browser (`oauth-lab web`). See open-app.ts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli';
import { openApp } from './open-app';

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = (args: string[]) =>
  spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], {
    stdio: 'inherit',
    cwd: root,
  });
for (const config of ['vite.config.ts', 'vite.main.config.ts', 'vite.preload.config.ts']) {
  if (vite(['--config', config]).status !== 0) process.exit(1);
}
// The CLI as `npm run build:cli` builds it (with the History import's worker, swapped in whole).
await buildCli();

const electronPackage = (() => {
  try {
    return createRequire(import.meta.url).resolve('electron/package.json');
  } catch {
    return null;
  }
})();
const electronDir = electronPackage && dirname(electronPackage);
const child = await openApp({
  root,
  electronDir,
  env: process.env,
  webArgs: process.argv.slice(2),
  stdio: 'inherit',
  log: (line) => console.error(line),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
