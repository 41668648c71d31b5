import { buildOutput } from './build-output';

/**
 * Builds what `npm run build` does (the page, the main process, the preload and the CLI) once before the e2e tests:
 * the browser tests serve out/renderer, the Electron test host runs out/main and out/preload, and some tests start
 * the CLI.
 */
export default function buildApp(): Promise<void> {
  return buildOutput(['vite.config.ts', 'vite.main.config.ts', 'vite.preload.config.ts']);
}
