import type { Param } from '../url-encoded';

/**
 * Extra headers and parameters as people type them, one per line: `Name: value` (as curl -H writes a header) and
 * `name=value`. Used by the Profiles form and the CLI's --header and --token-param flags.
 */
export type LineResult =
  { readonly ok: true; readonly value: Param[] } | { readonly ok: false; readonly message: string };

export function headerLine(line: string): Param | null {
  const colon = line.indexOf(':');
  return colon > 0 ? [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] : null;
}

export function paramLine(line: string): Param | null {
  const eq = line.indexOf('=');
  return eq > 0 ? [line.slice(0, eq).trim(), line.slice(eq + 1)] : null;
}

function lines(text: string, parse: (line: string) => Param | null, expected: string): LineResult {
  const value: Param[] = [];
  const all = text.split(/\r?\n/);
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!;
    if (line.trim() === '') continue;
    const p = parse(line);
    if (!p) return { ok: false, message: `line ${i + 1} ${JSON.stringify(line.slice(0, 60))}: expected ${expected}` };
    value.push(p);
  }
  return { ok: true, value };
}

export const headerLines = (text: string): LineResult => lines(text, headerLine, '"Name: value"');
export const paramLines = (text: string): LineResult => lines(text, paramLine, 'name=value');
export const headersText = (headers: readonly Param[]): string => headers.map(([n, v]) => `${n}: ${v}`).join('\n');
export const paramsText = (params: readonly Param[]): string => params.map(([n, v]) => `${n}=${v}`).join('\n');
