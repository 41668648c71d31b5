import { readFileSync } from 'node:fs';
import { UsageError } from './io';

/** The text of a file a flag names (a PEM key); an unreadable file is a UsageError naming the flag and the file. */
export function readFileFlag(flag: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `${flag} ${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`
    );
  }
}
