import { UsageError } from './io';

/**
 * One `--form name=value` flag: split at the first `=`, both sides kept exactly as typed (they are signed as they
 * are, RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1); the value may hold `=`). An empty name is refused.
 */
export function formFlag(text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--form ${JSON.stringify(text)} must be name=value (the name may not be empty).`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}
