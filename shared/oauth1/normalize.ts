import type { Param } from '../url-encoded';
import { percentEncode } from '../percent-encoding';

/** §3.4.1.3.1: oauth_signature is collected but never signed. (The header's realm never reaches this list.) */
export function isSignedParameter(name: string): boolean {
  return name !== 'oauth_signature';
}

/** §3.4.1.3.2 step 1: names and values percent-encoded (§3.6). */
export function encodeParameters(params: readonly Param[]): Param[] {
  return params.map(([n, v]) => [percentEncode(n, 'encoded-parameters'), percentEncode(v, 'encoded-parameters')]);
}

/** Ascending order of two strings by UTF-16 code unit; for percent-encoded (ASCII) text that is byte order. */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * §3.4.1.3.2 step 2: ascending byte order by encoded name, then by encoded value. After encoding every character is
 * ASCII, so comparing UTF-16 code units is comparing bytes. Never `localeCompare`. The one order every signer,
 * verifier and debugger here uses.
 */
export function compareEncodedParameters(a: Param, b: Param): number {
  return byteOrder(a[0], b[0]) || byteOrder(a[1], b[1]);
}

/** §3.4.1.3.2 step 2 on encoded pairs, or on any items by the encoded pair each carries. */
export function sortParameters(encoded: readonly Param[]): Param[];
export function sortParameters<T>(items: readonly T[], encodedPairOf: (item: T) => Param): T[];
export function sortParameters<T>(items: readonly T[], encodedPairOf?: (item: T) => Param): T[] {
  const pairOf = encodedPairOf ?? ((item: T) => item as unknown as Param);
  return [...items].sort((a, b) => compareEncodedParameters(pairOf(a), pairOf(b)));
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
  for (const [n, v] of params)
    if (isSignedParameter(n))
      encoded.push([percentEncode(n, 'encoded-parameters'), percentEncode(v, 'encoded-parameters')]);
  return normalizedParameterString(insertionSort(encoded));
}

/** The same order as sortParameters, in place: a request has a handful of parameters, and Array#sort allocates. */
function insertionSort(list: Param[]): Param[] {
  if (list.length > 32) return list.sort(compareEncodedParameters);
  for (let i = 1; i < list.length; i++) {
    const item = list[i]!;
    let j = i - 1;
    for (; j >= 0 && compareEncodedParameters(list[j]!, item) > 0; j--) list[j + 1] = list[j]!;
    list[j + 1] = item;
  }
  return list;
}
