import { percentDecode } from '../percent-encoding';
import { type Param, splitUrlEncoded } from '../url-encoded';

/** The query of a redirect back to the client, decoded leniently. */
export interface CallbackQuery {
  readonly params: readonly Param[];
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
export function parseCallbackQuery(query: string): CallbackQuery {
  const params: Param[] = [];
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
export function valuesOf(params: readonly Param[], name: string): string[] {
  return params.filter(([n]) => n === name).map(([, v]) => v);
}

/** The value when `name` appears exactly once, else null. */
export function single(params: readonly Param[], name: string): string | null {
  const all = valuesOf(params, name);
  return all.length === 1 ? all[0]! : null;
}
