import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io';

/** parseArgs refuses `--flag -value` as ambiguous; secrets and keys may well start with "-" (base64url). */
const AMBIGUOUS = /^Option '(--[A-Za-z0-9-]+)' argument is ambiguous/;

/** Strict flag parsing for one command; an unknown or malformed flag is a UsageError that points at --help. */
export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  command: string
) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (e) {
    const message = (e as Error).message;
    const flag = AMBIGUOUS.exec(message)?.[1];
    if (flag !== undefined) {
      const value = argv[argv.indexOf(flag) + 1] ?? '';
      throw new UsageError(
        `${flag} takes a value, and the next argument ${JSON.stringify(value)} starts with "-": write ${flag}=${value} if that is the value.`
      );
    }
    throw new UsageError(`${message.split('\n')[0]} Run "oauth-lab ${command} --help" for the flags.`);
  }
}
