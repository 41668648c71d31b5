/** Where a command writes text (a stream, or main's escaping wrapper of one). */
export interface TextOutput {
  write(text: string): unknown;
}

/** What a command may touch, passed in so tests can run commands in-process with captured streams. */
export interface CliIO {
  readonly stdout: TextOutput;
  readonly stderr: TextOutput;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** A bad flag or argument: printed as `oauth-lab <command>: <message>` with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;

/** Resolves on the first SIGINT (Ctrl-C) or SIGTERM, after saying so on stderr: long-running commands then stop cleanly. */
export function untilStopped(io: CliIO, command: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      io.stderr.write(`oauth-lab ${command}: ${signal}, stopping.\n`);
      resolve();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}
