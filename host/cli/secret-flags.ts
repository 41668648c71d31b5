import type { ReadStream } from 'node:tty';
import { UsageError, type CliIO } from './io';
import { readFileFlag } from './read-file-flag';

/**
 * Secrets reach a command by a flag (`--client-secret S`), a file (`--client-secret-file PATH`) or the environment
 * (`OAUTH_LAB_CLIENT_SECRET`). The flag is the least safe: any local user sees a process's arguments (ps,
 * /proc/PID/cmdline) for as long as it runs, and the shell keeps them in its history.
 */
export type SecretFlag =
  'client-secret' | 'consumer-secret' | 'token-secret' | 'bearer' | 'refresh-token' | 'access-token';

/** The secrets among a flow's settings (`oauth-lab flow`), each also from a file or the environment. */
export const FLOW_SECRETS = ['consumer-secret', 'client-secret'] as const satisfies readonly SecretFlag[];

/** The secrets `oauth-lab call` takes, each also from a file or the environment. */
export const CALL_SECRETS = [
  'client-secret',
  'consumer-secret',
  'token-secret',
  'bearer',
  'refresh-token',
] as const satisfies readonly SecretFlag[];

/** The secrets `oauth-lab debug` takes, each also from a file or the environment. */
export const DEBUG_SECRETS = [
  'consumer-secret',
  'token-secret',
  'client-secret',
  'access-token',
] as const satisfies readonly SecretFlag[];

/** The secrets `oauth-lab sign` takes, each also from a file or the environment. */
export const SIGN_SECRETS = ['consumer-secret', 'token-secret'] as const satisfies readonly SecretFlag[];

/** The environment variable that carries a secret flag's value: OAUTH_LAB_ and the flag's name in capitals. */
const secretEnvName = (flag: string): string => `OAUTH_LAB_${flag.toUpperCase().replace(/-/g, '_')}`;

/** parseArgs options for each secret flag and its -file form. */
export function secretFlagOptions<const F extends string>(flags: readonly F[]) {
  return Object.fromEntries(
    flags.flatMap((f) => [
      [f, { type: 'string' }],
      [`${f}-file`, { type: 'string' }],
    ])
  ) as { [K in F | `${F}-file`]: { type: 'string' } };
}

/** What `--help` says about secrets, one line per secret with its file flag and variable. */
export function secretsHelp(flags: readonly string[]): string {
  const rows = flags.map((f) => `  --${f}-file PATH (its first line), or ${secretEnvName(f)}`);
  return `Secrets: a flag's value is visible to every local user in the process list (ps) for as long as the
command runs, and stays in the shell's history; prefer a file or the environment:
${rows.join('\n')}
`;
}

/**
 * The flag values with every secret filled in from its flag, else its file, else its environment variable; a flag
 * and its file together are refused. The other values are kept as they are.
 */
export function withSecrets<V extends Readonly<Record<string, unknown>>>(
  values: V,
  env: NodeJS.ProcessEnv,
  flags: readonly string[]
): V {
  const out: Record<string, unknown> = { ...values };
  for (const flag of flags) {
    const given = values[flag] as string | undefined;
    const file = values[`${flag}-file`] as string | undefined;
    if (given !== undefined && file !== undefined)
      throw new UsageError(`--${flag} and --${flag}-file both give the ${flag.replace('-', ' ')}; give one.`);
    if (file !== undefined) {
      const text = readFileFlag(`--${flag}-file`, file).split(/\r?\n/)[0]!;
      if (text === '') throw new UsageError(`--${flag}-file ${file}: the first line is empty; expected the secret.`);
      out[flag] = text;
    } else if (given === undefined && env[secretEnvName(flag)]) out[flag] = env[secretEnvName(flag)];
  }
  return out as V;
}

/**
 * Asks for a required secret on the terminal, without echo, when nothing else gave it. Only when stdin is a
 * terminal: a script or a pipe is never asked (it gets the UsageError naming every way to give the secret).
 */
export async function promptSecret(io: CliIO, flag: SecretFlag, why: string): Promise<string> {
  const tty = io.stdin as Partial<ReadStream>;
  if (!tty.isTTY || !tty.setRawMode)
    throw new UsageError(
      `${why}: give --${flag}-file PATH or the environment variable ${secretEnvName(flag)} (or --${flag}, visible to other local users in the process list).`
    );
  const answer = await readHidden(tty as ReadStream, () => io.stderr.write(`${flag.replace('-', ' ')} (not shown): `));
  io.stderr.write('\n');
  if (answer === null) throw new UsageError(`${why}: the prompt was interrupted.`);
  if (answer === '') throw new UsageError(`${why}: nothing was typed.`);
  return answer;
}

/** One line typed in raw mode (nothing echoed); null on Ctrl-C or Ctrl-D. The prompt is shown once echo is off. */
function readHidden(tty: ReadStream, prompt: () => void): Promise<string | null> {
  return new Promise((resolve) => {
    let typed = '';
    const done = (value: string | null) => {
      tty.off('data', onData);
      tty.setRawMode(false);
      tty.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return done(typed);
        if (ch === '\u0003' || ch === '\u0004') return done(null);
        typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : typed + ch;
      }
    };
    tty.setRawMode(true);
    tty.on('data', onData);
    tty.resume();
    prompt();
  });
}
