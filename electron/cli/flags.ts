import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io';

/** Strict flag parsing for one command; an unknown or malformed flag is a UsageError that points at --help. */
export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, command: string) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} Run "oauth-lab ${command} --help" for the flags.`);
  }
}
