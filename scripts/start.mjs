// `npm start`: builds the renderer and the main process, then opens the Electron window. Where the Electron
// binary is missing (it is fetched on first run and some machines cannot fetch it) the built page is served on
// 127.0.0.1 instead, and the URL is printed.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { serveStatic } from './serve-static.mjs';

const vite = (args) => spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });
for (const args of [[], ['--config', 'vite.main.config.ts']]) {
  if (vite(args).status !== 0) process.exit(1);
}

let electronBinary = null;
try {
  electronBinary = createRequire(import.meta.url)('electron');
} catch (e) {
  console.error(`The Electron binary is not installed here (${e.message.split('\n')[0]}), so OAuth Lab opens in your browser instead.`);
}
if (electronBinary) {
  spawn(electronBinary, ['.'], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
} else {
  const { url } = await serveStatic('out/renderer', Number(process.env.PORT ?? 0));
  console.log(`OAuth Lab: ${url}  (Ctrl+C to stop)`);
}
