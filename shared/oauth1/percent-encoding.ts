import { ProtocolError } from '../errors';
import { utf8Decode, utf8Encode } from '../encoding/utf8';

/** RFC 3986 §2.3 unreserved characters: the only ones RFC 5849 §3.6 leaves as they are. */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const HEX = '0123456789ABCDEF';

/**
 * RFC 5849 §3.6: UTF-8 encode, then percent-encode every octet except the unreserved characters, with upper-case
 * hex. Unlike `encodeURIComponent` this also encodes `! * ' ( )`, and a space is always `%20`, never `+`.
 */
export function percentEncode(value: string, step = 'percent-encode'): string {
  if (UNRESERVED.test(value)) return value;
  let out = '';
  for (const byte of utf8Encode(value, step)) {
    const c = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(c) ? c : '%' + HEX[byte >> 4]! + HEX[byte & 15]!;
  }
  return out;
}

/**
 * Percent-decoding of one query or form component (RFC 3986 §2.1). With `plusIsSpace` (form bodies,
 * application/x-www-form-urlencoded) `+` means a space. A `%` not followed by two hex digits, or octets that are
 * not UTF-8, are errors: guessing would sign something other than what the peer signs.
 */
export function percentDecode(value: string, plusIsSpace: boolean, step = 'percent-decode'): string {
  const text = plusIsSpace ? value.replace(/\+/g, ' ') : value;
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '%') {
      bytes.push(...utf8Encode(ch, step));
      continue;
    }
    const hex = text.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
      throw new ProtocolError('invalid_percent_encoding', step, `Malformed percent-escape "${text.slice(i, i + 3)}" at position ${i} of "${value}": expected % followed by two hex digits.`);
    }
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return utf8Decode(bytes, step);
}
