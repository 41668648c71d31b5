import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { fetchElectron, installedElectron, type FetchResult } from './electron-binary';

export interface OpenAppOptions {
  /** The project root: Electron is started on it and reads package.json's "main" (out/main/index.js). */
  readonly root: string;
  /** The electron package's directory, or null when it is not installed. */
  readonly electronDir: string | null;
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
  const { root, env, stdio, log } = options;
  const electron = await electronBinary(options);
  if (electron.ok) return spawn(electron.binary, [root], { stdio, env });
  log(
    `Electron could not be fetched: ${electron.reason}. OAuth Lab opens in your browser instead (browser mode). ` +
      'To retry, run `npm start` again; a mirror goes in ELECTRON_MIRROR, a proxy in HTTPS_PROXY with ELECTRON_GET_USE_PROXY=1.'
  );
  return spawn(process.execPath, [join(root, 'bin/oauth-lab.mjs'), 'web', ...options.webArgs], { stdio, env });
}

/** The installed binary, or the one Electron's installer fetches now, or why there is none. */
async function electronBinary({ electronDir, env, log, stallSeconds }: OpenAppOptions): Promise<FetchResult> {
  if (!electronDir) return { ok: false, reason: 'the electron package is not installed (run npm install)' };
  const installed = installedElectron(electronDir);
  if (installed) return { ok: true, binary: installed };
  try {
    return await fetchElectron({ electronDir, env, log, ...(stallSeconds ? { stallSeconds } : {}) });
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}
