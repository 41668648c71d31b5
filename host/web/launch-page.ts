import { rmSync } from 'node:fs';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { escapeHtml } from '../../shared/html';

/**
 * The page the browser is opened on (Jupyter's way): a file only this user can read, which carries the launch
 * address and sends the browser there. Every local user reads a command line (`ps`), so the browser's argument is
 * the file's path and nothing secret; the address itself stays inside the file. The file sits in a directory of its
 * own (mkdtemp: 0700) in the user's runtime directory (XDG_RUNTIME_DIR, itself 0700 by the XDG Base Directory
 * specification) or else the OS temp directory, and is written 0600; it is removed once used, or at exit.
 */
export interface LaunchPage {
  readonly path: string;
  /**
   * Removes the file and its directory; safe to call more than once. Synchronous, so it is gone before the answer
   * to the address it carried is sent.
   */
  remove(): void;
}

export async function writeLaunchPage(launchUrl: string, runtimeDir?: string): Promise<LaunchPage> {
  const dir = await mkdtemp(join(runtimeDir ?? (await userRuntimeDir()), 'oauth-lab-'));
  const path = join(dir, 'open-oauth-lab.html');
  // `wx`: never follow or reuse a file someone else put there; 0600 before a byte is written.
  await writeFile(path, launchPageHtml(launchUrl), { mode: 0o600, flag: 'wx' });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** XDG_RUNTIME_DIR when it names a directory, the OS temp directory (per user on macOS and Windows) otherwise. */
async function userRuntimeDir(): Promise<string> {
  const xdg = process.env.XDG_RUNTIME_DIR;
  if (xdg && isAbsolute(xdg) && (await stat(xdg).catch(() => null))?.isDirectory()) return xdg;
  return tmpdir();
}

function launchPageHtml(launchUrl: string): string {
  const href = escapeHtml(launchUrl);
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}"><title>Opening OAuth Lab…</title></head>
<body><p>Opening OAuth Lab… If nothing happens, <a href="${href}">open it here</a>.</p></body></html>
`;
}
