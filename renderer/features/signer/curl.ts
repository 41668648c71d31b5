import type { SignedRequest } from '../../../shared/oauth1';

/**
 * POSIX shell single-quoting: everything between single quotes is literal, so only the quote itself needs care
 * (close the quote, an escaped quote, reopen). Safe for any text without NUL, which no shell argument can hold.
 */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command that sends exactly this request: method, URL, every header, and the body byte for byte
 * (--data-raw: no @file reading, no newline stripping). --globoff keeps [ ] and { } in the URL literal.
 */
export function curlCommand(r: SignedRequest): string {
  const lines = [`curl --globoff --request ${shellQuote(r.method)} ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (r.body !== undefined) lines.push(`--data-raw ${shellQuote(r.body)}`);
  return lines.join(' \\\n  ');
}
