import type { RawRequest } from '../../../shared/http';

/** POSIX shell single-quoting when a word needs it: only the quote itself needs care (close, escaped quote, reopen). */
const shellQuote = (s: string): string => (/^[A-Za-z0-9_\-.,:/@%+=]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * A curl command that sends exactly this request: method, URL, every header in order, the body byte for byte
 * (--data-raw reads no file and strips nothing; --globoff keeps [ ] and { } in the URL literal).
 */
export function curlCommand(r: RawRequest): string {
  const lines = [`curl --globoff -X ${shellQuote(r.method)} ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (r.body !== undefined) lines.push(`--data-raw ${shellQuote(r.body)}`);
  return lines.join(' \\\n  ');
}
