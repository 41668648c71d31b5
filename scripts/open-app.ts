import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { fetchElectron, installedElectron } from './electron-binary';

export interface OpenAppOptions {
  /** The project root: Electron is started on it and reads package.json's "main" (out/main/index.js). */
  readonly root: string;
  readonly electronDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Arguments for `oauth-lab web` when the app opens in the browser instead. */
  readonly webArgs: readonly string[];
  readonly stallSeconds?: number;
  readonly stdio: StdioOptions;
  readonly log: (line: string) => void;
}

/**
 * Opens the built app in Electron, fetching Electron's binary first when the package has none; when that fails,
 * says why in one line and how to retry, and opens the same app in the browser (browser mode).
 */
export async function openApp(options: OpenAppOptions): Promise<ChildProcess> {
  const { root, electronDir, env, stdio, log } = options;
  let binary = installedElectron(electronDir);
  if (!binary) {
    const fetched = await fetchElectron({ electronDir, env, log, ...(options.stallSeconds ? { stallSeconds: options.stallSeconds } : {}) });
    if (fetched.ok) binary = fetched.binary;
    else {
      log(
        `Electron could not be fetched: ${fetched.reason}. OAuth Lab opens in your browser instead (browser mode). ` +
          'To retry, run `npm start` again; a mirror goes in ELECTRON_MIRROR, a proxy in HTTPS_PROXY with ELECTRON_GET_USE_PROXY=1.',
      );
    }
  }
  if (binary) return spawn(binary, [root], { stdio, env });
  return spawn(process.execPath, [join(root, 'bin/oauth-lab.mjs'), 'web', ...options.webArgs], { stdio, env });
}
