/** Where a command writes text (a stream, or main's escaping wrapper of one). */
export interface TextOutput {
  write(text: string): unknown;
}

/** The streams main is given: the process's own, or a test's captured ones. */
export interface CliStreams {
  readonly stdout: TextOutput;
  readonly stderr: TextOutput;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** What a command may touch, passed in so tests can run commands in-process with captured streams. */
export interface CliIO extends CliStreams {
  /**
   * stdout as it is, for data a program reads rather than a person: an export (`sign --format`), whose CRLFs and
   * tabs must arrive byte for byte. Everything else goes through `stdout`, escaped for the terminal.
   */
  readonly data: TextOutput;
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
