import type { ProtocolStep } from '../errors';
import { percentEncode } from '../oauth1/percent-encoding';
import { parseUrlEncoded, type Param } from '../oauth1/parameters';

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
