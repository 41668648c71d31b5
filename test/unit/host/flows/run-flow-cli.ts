import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

/**
 * Runs `oauth-lab flow …` as a user does: the real binary over real sockets. When the authorization URL appears on
 * stderr (the line after "Open this URL to authorize:"), `browser` is called with it once, playing the user's
 * browser; it gets the child's stdin, a pipe that is never closed (as a terminal stays open), to paste into.
 */
export function runFlowCli(args: readonly string[], browser?: (url: string, stdin: Writable) => Promise<unknown>) {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'flow', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    stderr += d;
    const url = /^Open this URL to authorize:\n(https?:\/\/\S+)$/m.exec(stderr)?.[1];
    if (url && browser) {
      const go = browser;
      browser = undefined;
      void go(url, child.stdin);
    }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  );
}
