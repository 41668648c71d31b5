import type { SignedRequest } from '../../shared/oauth1';

/** POSIX shell single-quoting: safe for any byte except NUL. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that sends exactly this request. */
export function curlCommand(r: SignedRequest): string {
  const lines = [`curl --request ${r.method} ${shellQuote(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (r.body !== undefined) lines.push(`--data-raw ${shellQuote(r.body)}`);
  return lines.join(' \\\n  ');
}
