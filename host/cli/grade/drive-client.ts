import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { TextOutput } from '../io';

/** The exit code of a client the grader stopped after --wait, as timeout(1) reports a command it stopped. */
const TIMED_OUT_EXIT_CODE = 124;

export interface DriveResult {
  /**
   * Always a number (`exitCode: N`): the client's own, 124 when the grader stopped it after the wait, or
   * 128 + the signal's number when a signal of its own killed it (the shell's convention, POSIX §2.8.2).
   */
  readonly exitCode: number;
  readonly timedOut: boolean;
  /** The signal that killed the client when the grader did not, such as SIGTERM; else null. */
  readonly signal: NodeJS.Signals | null;
}

function driveResult(code: number | null, signal: NodeJS.Signals | null, timedOut: boolean): DriveResult {
  if (timedOut) return { exitCode: TIMED_OUT_EXIT_CODE, timedOut, signal: null };
  if (code !== null) return { exitCode: code, timedOut, signal: null };
  return { exitCode: 128 + (signal ? constants.signals[signal] : 0), timedOut, signal };
}

/**
 * Runs the client's command once through the shell with the scenario's variables, its output passed to
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
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve(driveResult(code, killedBy, timedOut));
    });
  });
}
