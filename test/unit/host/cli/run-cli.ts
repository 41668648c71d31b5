import { PassThrough, Readable } from 'node:stream';
import { main } from '../../../../host/cli/main';

/** Runs `oauth-lab <argv…>` in-process with captured output, the given stdin and environment. */
export async function runCli(
  argv: string[],
  stdin = '',
  env: NodeJS.ProcessEnv = {}
): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await main(argv, { stdout, stderr, stdin: Readable.from([stdin]), env });
  return { code, out, err };
}

/** `args` without `flag` and its value. */
export const withoutFlag = (args: readonly string[], flag: string) =>
  args.filter((a, i) => a !== flag && args[i - 1] !== flag);
