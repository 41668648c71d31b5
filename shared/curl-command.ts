import type { RawRequest } from './http';

/** Words the shell passes through unchanged: no quoting, globbing, expansion or tilde (POSIX sh §2.2, §2.6). */
const PLAIN_WORD = /^[A-Za-z0-9_\-.,:/@%+=]+$/;

/**
 * POSIX shell single-quoting when a word needs it: between single quotes everything is literal, so only the quote
 * itself needs care (close the quote, an escaped quote, reopen). Safe for any text without NUL, which no shell
 * argument can hold.
 */
export const shellQuote = (s: string): string => (PLAIN_WORD.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * A curl command that sends exactly this request: method, URL, every header in order, and the body byte for byte
 * (--data-raw reads no @file and strips no newline; --globoff keeps [ ] and { } in the URL literal, curl(1)). One
 * option a line, each line continued with a backslash; `oneLine` joins them with spaces (a command inside one line
 * of text, as the audit's evidence is).
 */
export function curlCommand(r: RawRequest, oneLine = false): string {
  const lines = [`curl --globoff --request ${shellQuote(r.method)} ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (r.body !== undefined) lines.push(`--data-raw ${shellQuote(r.body)}`);
  return lines.join(oneLine ? ' ' : ' \\\n  ');
}
