import type { Param } from './parameters';
import { percentEncode } from './percent-encoding';

/** §3.4.1.3.1: oauth_signature is collected but never signed. (The header's realm never reaches this list.) */
export function isSignedParameter(name: string): boolean {
  return name !== 'oauth_signature';
}

/** §3.4.1.3.2 step 1: names and values percent-encoded (§3.6). */
export function encodeParameters(params: readonly Param[]): Param[] {
  return params.map(([n, v]) => [percentEncode(n, 'encoded-parameters'), percentEncode(v, 'encoded-parameters')]);
}

/**
 * §3.4.1.3.2 step 2: ascending byte order by name, then by value. After encoding every character is ASCII, so
 * comparing UTF-16 code units is comparing bytes. Never `localeCompare`.
 */
function byNameThenValue(a: Param, b: Param): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

export function sortParameters(encoded: readonly Param[]): Param[] {
  return [...encoded].sort(byNameThenValue);
}

/** §3.4.1.3.2 steps 3–4: `name=value` pairs joined with `&`. */
export function normalizedParameterString(sorted: readonly Param[]): string {
  // join builds one flat string; += would build a chain of partial strings to be copied again later.
  const pairs: string[] = [];
  for (const [n, v] of sorted) pairs.push(`${n}=${v}`);
  return pairs.join('&');
}

/** Steps 1–4 at once, for callers that want only the string (the provider, on every request). */
export function normalizeParameters(params: readonly Param[]): string {
  const encoded: Param[] = [];
  for (const [n, v] of params) if (isSignedParameter(n)) encoded.push([percentEncode(n, 'encoded-parameters'), percentEncode(v, 'encoded-parameters')]);
  return normalizedParameterString(insertionSort(encoded));
}

/** The same order as sortParameters, in place: a request has a handful of parameters, and Array#sort allocates. */
function insertionSort(list: Param[]): Param[] {
  if (list.length > 32) return list.sort(byNameThenValue);
  for (let i = 1; i < list.length; i++) {
    const item = list[i]!;
    let j = i - 1;
    for (; j >= 0 && byNameThenValue(list[j]!, item) > 0; j--) list[j + 1] = list[j]!;
    list[j + 1] = item;
  }
  return list;
}
