import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchFailureReason } from './electron-fetch-failure';

/** Seconds without any progress (no byte downloaded or extracted) after which fetching Electron is given up. */
export const STALL_SECONDS = 30;
const CAUSE_PRELOAD = fileURLToPath(new URL('./electron-fetch-cause.cjs', import.meta.url));

/** The Electron executable the electron package has installed, or null: since Electron 45 it is fetched on first use. */
export function installedElectron(electronDir: string): string | null {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export type FetchResult =
  { readonly ok: true; readonly binary: string } | { readonly ok: false; readonly reason: string };

export interface FetchOptions {
  /** The electron package's directory; its install.js downloads into its dist/. */
  readonly electronDir: string;
  /** The installer's environment: ELECTRON_MIRROR, electron_config_cache, ELECTRON_GET_USE_PROXY with HTTPS_PROXY, … */
  readonly env: NodeJS.ProcessEnv;
  readonly stallSeconds?: number;
  readonly log: (line: string) => void;
}

/**
 * Runs Electron's own installer (install.js: the mirror, the cache, the proxy settings and the checksums are its
 * own), reporting progress as the megabytes downloaded and extracted. The installer downloads into a temporary
 * directory of ours (TMPDIR), so progress is that directory's size plus dist/'s; when neither changes for
 * `stallSeconds` (offline, a mirror or proxy that never answers) the installer is stopped.
 */
export async function fetchElectron({
  electronDir,
  env,
  stallSeconds = STALL_SECONDS,
  log,
}: FetchOptions): Promise<FetchResult> {
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string };
  const from = env.ELECTRON_MIRROR ? `the mirror ${env.ELECTRON_MIRROR}` : 'GitHub';
  log(
    `Fetching Electron ${version} for ${process.platform}-${process.arch} from ${from} (it stops after ${stallSeconds} s without progress)…`
  );
  const scratch = mkdtempSync(join(tmpdir(), 'oauth-lab-electron-'));
  const child = spawn(process.execPath, ['--require', CAUSE_PRELOAD, join(electronDir, 'install.js')], {
    env: { ...env, TMPDIR: scratch, TMP: scratch, TEMP: scratch, ELECTRON_GET_NO_PROGRESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let bytes = 0;
  let idle = 0;
  let stalled = false;
  const watch = setInterval(() => {
    const now = sizeOf(scratch) + sizeOf(join(electronDir, 'dist'));
    if (now !== bytes) {
      if (Math.floor(now / 10e6) !== Math.floor(bytes / 10e6)) log(`  ${(now / 1e6).toFixed(0)} MB`);
      [bytes, idle] = [now, 0];
    } else if (++idle >= stallSeconds) {
      stalled = true;
      child.kill();
    }
  }, 1000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(watch);
  rmSync(scratch, { recursive: true, force: true });
  if (stalled)
    return {
      ok: false,
      reason: `nothing arrived from ${from} for ${stallSeconds} s (offline, or a mirror or proxy that does not answer)`,
    };
  const binary = code === 0 ? installedElectron(electronDir) : null;
  if (binary) return { ok: true, binary };
  return {
    ok: false,
    reason:
      code === 0
        ? `the installer finished but left no executable in ${join(electronDir, 'dist')}`
        : fetchFailureReason(output),
  };
}

/** Total size of the files under a directory (0 when it does not exist). */
function sizeOf(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
    }
  } catch {
    // A file moved away while it was listed (the download going into the cache): the next tick counts again.
  }
  return total;
}
