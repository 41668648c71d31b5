/** What a command may touch, passed in so tests can run commands in-process with captured streams. */
export interface CliIO {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** A bad flag or argument: printed as `oauth-lab <command>: <message>` with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;
