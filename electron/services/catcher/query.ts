import { percentDecode } from '../../../shared/oauth1/percent-encoding';
import { splitUrlEncoded } from '../../../shared/url-encoded';
import type { CallbackParam } from './types';

export interface ParsedQuery {
  readonly params: readonly CallbackParam[];
  /** Segments whose percent-escapes could not be decoded (kept as written in `params`). */
  readonly malformed: readonly string[];
}

function decode(text: string): string | null {
  try {
    return percentDecode(text, true);
  } catch {
    return null;
  }
}

/**
 * Decodes an application/x-www-form-urlencoded query (`+` is a space, as providers encode redirects). Lenient: a
 * segment with a broken escape is kept as written and reported, so a failed check can show it instead of the
 * callback being dropped.
 */
export function parseQuery(query: string): ParsedQuery {
  const params: CallbackParam[] = [];
  const malformed: string[] = [];
  for (const { rawName, rawValue, segment } of splitUrlEncoded(query)) {
    const name = decode(rawName);
    const value = decode(rawValue);
    if (name === null || value === null) malformed.push(segment);
    params.push([name ?? rawName, value ?? rawValue]);
  }
  return { params, malformed };
}

/** Every value of `name`, in order. */
export function valuesOf(params: readonly CallbackParam[], name: string): string[] {
  return params.filter(([n]) => n === name).map(([, v]) => v);
}

/** The value when `name` appears exactly once, else null. */
export function single(params: readonly CallbackParam[], name: string): string | null {
  const all = valuesOf(params, name);
  return all.length === 1 ? all[0]! : null;
}

/** Parameters that make a request an authorization response (RFC 6749 §4.1.2, RFC 5849 §6.2.3, denials). */
const RESPONSE_PARAMETERS = ['code', 'state', 'error', 'iss', 'oauth_token', 'oauth_verifier', 'denied', 'oauth_problem'] as const;

export function looksLikeAuthorizationResponse(params: readonly CallbackParam[]): boolean {
  return params.some(([n]) => (RESPONSE_PARAMETERS as readonly string[]).includes(n));
}
