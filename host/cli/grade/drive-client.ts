import { spawn } from 'node:child_process';
import type { TextOutput } from '../io';

export interface DriveResult {
  /** The client's exit code; null when it was stopped after the wait. */
  readonly exitCode: number | null;
  readonly timedOut: boolean;
}

/**
 * Runs the client's command once through the shell with the scenario's variables (issue 42), its output passed to
 * `log`. Resolves when it exits (the scenario is decided then, no waiting) or, after `waitMs`, stops it and its
 * children (its own process group) and resolves.
 */
export function driveClient(
  command: string,
  env: NodeJS.ProcessEnv,
  waitMs: number,
  log: TextOutput
): Promise<DriveResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.on('data', (d: Buffer) => log.write(d.toString()));
    child.stderr.on('data', (d: Buffer) => log.write(d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // it exited between the timer and the kill
      }
    }, waitMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: timedOut ? null : code, timedOut });
    });
  });
}
