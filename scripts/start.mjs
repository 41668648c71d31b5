// `npm start`: builds the app, then opens the Electron window. Where the Electron binary is missing (it is fetched
// on first run, and some machines cannot fetch it) the same app opens in the browser instead (`oauth-lab web`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const vite = (args) => spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });
for (const args of [[], ['--config', 'vite.main.config.ts'], ['--config', 'vite.preload.config.ts']]) {
  if (vite(args).status !== 0) process.exit(1);
}

// Look for the binary without loading electron's index.js, which would try to download it.
const pathFile = 'node_modules/electron/path.txt';
const binary = existsSync(pathFile) ? `node_modules/electron/dist/${readFileSync(pathFile, 'utf8').trim()}` : null;
const child =
  binary && existsSync(binary)
    ? spawn(binary, ['.'], { stdio: 'inherit' })
    : (console.error('The Electron binary is not installed here, so OAuth Lab opens in your browser instead (browser mode).'), spawn(process.execPath, ['bin/oauth-lab.mjs', 'web', ...process.argv.slice(2)], { stdio: 'inherit' }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
