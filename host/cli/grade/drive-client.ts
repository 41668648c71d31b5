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
 * children (its own process group) and resolves. An abort (Ctrl-C) stops them too: a client in a process group of
 * its own does not get the terminal's SIGINT, and must not outlive the grader.
 */
export function driveClient(
  command: string,
  env: NodeJS.ProcessEnv,
  waitMs: number,
  log: TextOutput,
  signal: AbortSignal
): Promise<DriveResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.on('data', (d: Buffer) => log.write(d.toString()));
    child.stderr.on('data', (d: Buffer) => log.write(d.toString()));
    let timedOut = false;
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // it exited between the timer and the kill
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, waitMs);
    signal.addEventListener('abort', stop, { once: true });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve({ exitCode: timedOut ? null : code, timedOut });
    });
  });
}
