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
export function sortParameters(encoded: readonly Param[]): Param[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...encoded].sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]));
}

/** §3.4.1.3.2 steps 3–4: `name=value` pairs joined with `&`. */
export function normalizedParameterString(sorted: readonly Param[]): string {
  return sorted.map(([n, v]) => `${n}=${v}`).join('&');
}

/** Steps 1–4 at once, for callers that want only the string. */
export function normalizeParameters(params: readonly Param[]): string {
  return normalizedParameterString(sortParameters(encodeParameters(params.filter(([n]) => isSignedParameter(n)))));
}
