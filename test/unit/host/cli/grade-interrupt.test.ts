import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

/** Ctrl-C during `oauth-lab grade` (the built CLI, as a user runs it): the driven client, in a process group of its own, is stopped too. */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('stops the driven client and exits 130', async () => {
  dir = mkdtempSync(join(tmpdir(), 'grade-interrupt-'));
  const pidFile = join(dir, 'pid');
  const cli = spawn(
    process.execPath,
    [
      'bin/oauth-lab.mjs',
      'grade',
      '--drive',
      `echo $$ > '${pidFile}'; exec sleep 60`,
      '--scenario',
      'pkce-s256',
      '--wait',
      '120',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] }
  );
  let err = '';
  cli.stderr.on('data', (d) => (err += d));
  const closed = new Promise<number | null>((resolve) => cli.on('close', resolve));
  let clientPid = 0;
  try {
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '').toBe(true);
    clientPid = Number(readFileSync(pidFile, 'utf8'));
    cli.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(err).toContain('Ctrl-C: cancelled the client in scenario pkce-s256');
    await expect.poll(() => alive(clientPid)).toBe(false);
  } finally {
    cli.kill('SIGKILL');
    if (clientPid && alive(clientPid)) process.kill(clientPid, 'SIGKILL');
  }
});
