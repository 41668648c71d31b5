import type { ProtocolStep } from './errors';
import { percentDecode, percentEncode } from './percent-encoding';

/** One decoded `name=value` pair of a query or a form body. */
export type Param = readonly [name: string, value: string];

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** True when the Content-Type header names a form body, ignoring case and parameters such as charset. */
export function isFormContentType(contentType: string | undefined | null): boolean {
  return !!contentType && contentType.split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

/** One `name=value` segment of an application/x-www-form-urlencoded string (a query or a form body), as written. */
export interface RawPair {
  /** Before the first `=` (the whole segment when it has none), still percent-encoded, `+` kept. */
  readonly rawName: string;
  /** After the first `=`; empty when the segment has no `=`. */
  readonly rawValue: string;
  /** Whether the segment has an `=` at all (`a` and `a=` both have an empty value). */
  readonly hasValue: boolean;
  /** The segment as written, and where it starts in the text, so a caller can replace it in place. */
  readonly segment: string;
  readonly start: number;
}

/**
 * Splits a query or form body at `&`, then each segment at its first `=` (WHATWG URL "application/x-www-form-urlencoded
 * parsing", which RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1) follows through HTML 4.0 §17.13.4). Empty segments (`a=1&&b=2`) carry nothing
 * and are skipped. Nothing is decoded: decoding (with `+` as a space) is the caller's, which decides how strict to be.
 */
export function splitUrlEncoded(text: string): RawPair[] {
  const out: RawPair[] = [];
  let start = 0;
  for (const segment of text.split('&')) {
    if (segment !== '') {
      const eq = segment.indexOf('=');
      out.push({
        rawName: eq < 0 ? segment : segment.slice(0, eq),
        rawValue: eq < 0 ? '' : segment.slice(eq + 1),
        hasValue: eq >= 0,
        segment,
        start,
      });
    }
    start += segment.length + 1;
  }
  return out;
}

/**
 * Splits `a=1&b&c=` into decoded pairs (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)). A name without `=` has an empty value; empty
 * segments (`a=1&&b=2`) carry nothing and are skipped.
 */
export function parseUrlEncoded(text: string, plusIsSpace: boolean, step: ProtocolStep): Param[] {
  return splitUrlEncoded(text).map(({ rawName, rawValue }): Param => [
    percentDecode(rawName, plusIsSpace, step),
    percentDecode(rawValue, plusIsSpace, step),
  ]);
}

/**
 * application/x-www-form-urlencoded for OAuth 2 bodies and query strings (RFC 6749 Appendix B (https://www.rfc-editor.org/rfc/rfc6749#appendix-B)). Encoding uses
 * %20 for a space, which every form decoder reads; decoding accepts `+` as a space.
 */
export function formEncode(pairs: readonly Param[]): string {
  return pairs.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&');
}

export function formDecode(text: string, step: ProtocolStep): Param[] {
  return parseUrlEncoded(text, true, step);
}
