import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from './errors';
import { utf8Decode, utf8Encode } from './encoding/utf8';

/** RFC 3986 §2.3 (https://www.rfc-editor.org/rfc/rfc3986#section-2.3) unreserved characters: the only ones RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6) leaves as they are. */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
/** Every other code point (the `u` flag keeps a surrogate pair together). */
const RESERVED = /[^A-Za-z0-9\-._~]/gu;
const HEX = '0123456789ABCDEF';
const escapeByte = (b: number) => '%' + HEX[b >> 4]! + HEX[b & 15]!;
/** The encoded form of each ASCII code unit, precomputed: the signer encodes every name and value it signs. */
const ASCII = Array.from({ length: 128 }, (_, b) =>
  UNRESERVED.test(String.fromCharCode(b)) ? String.fromCharCode(b) : escapeByte(b)
);

/** The characters encodeURIComponent leaves alone that RFC 3986 §2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-2.2) reserves (sub-delims). */
const SUB_DELIMS = /[!'()*]/g;
const escapeSubDelim = (c: string) => ASCII[c.charCodeAt(0)]!;

/**
 * RFC 5849 §3.6: UTF-8 encode, then percent-encode every octet except the unreserved characters, with upper-case
 * hex. Unlike `encodeURIComponent` this also encodes `! * ' ( )`, and a space is always `%20`, never `+`.
 * encodeURIComponent does the UTF-8 work natively (the signer and the provider encode every name and value); a lone
 * surrogate, which it refuses with a bare URIError, is reported by the explicit scan below.
 */
export function percentEncode(value: string, step: ProtocolStep = 'percent-encode'): string {
  if (UNRESERVED.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    return explicitEncode(value, step);
  }
  return encoded.replace(SUB_DELIMS, escapeSubDelim);
}

function explicitEncode(value: string, step: ProtocolStep): string {
  return value.replace(RESERVED, (ch: string, at: number) => {
    const c = ch.charCodeAt(0);
    if (c < 0x80) return ASCII[c]!;
    try {
      return Array.from(utf8Encode(ch, step), escapeByte).join('');
    } catch {
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_UNICODE,
        step,
        `Lone UTF-16 surrogate at index ${at}: the text is not valid Unicode and has no UTF-8 form.`
      );
    }
  });
}

/**
 * Percent-decoding of one query or form component (RFC 3986 §2.1 (https://www.rfc-editor.org/rfc/rfc3986#section-2.1)). With `plusIsSpace` (form bodies,
 * application/x-www-form-urlencoded) `+` means a space. A `%` not followed by two hex digits, or octets that are
 * not UTF-8, are errors: guessing would sign something other than what the peer signs.
 */
export function percentDecode(value: string, plusIsSpace: boolean, step: ProtocolStep = 'percent-decode'): string {
  const text = plusIsSpace && value.includes('+') ? value.replace(/\+/g, ' ') : value;
  if (!text.includes('%')) return text;
  // decodeURIComponent is exactly as strict (malformed escapes, overlong forms, surrogates); when it refuses, the
  // explicit decoder below says where and why.
  try {
    return decodeURIComponent(text);
  } catch {
    return explicitDecode(text, value, step);
  }
}

/** The decoded text, or the text as it is when it is not valid percent-encoding (for comparing what others sent). */
export function percentDecodeOrKeep(value: string, plusIsSpace = false): string {
  try {
    return percentDecode(value, plusIsSpace);
  } catch {
    return value;
  }
}

function explicitDecode(text: string, value: string, step: ProtocolStep): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    if (text[i] !== '%') {
      out += text[i++];
      continue;
    }
    // A run of escapes is a run of octets: decode it as UTF-8 in one piece.
    const bytes: number[] = [];
    while (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
        throw new ProtocolError(
          PROTOCOL_ERROR.INVALID_PERCENT_ENCODING,
          step,
          `Malformed percent-escape "${text.slice(i, i + 3)}" at position ${i} of "${value}": expected % followed by two hex digits.`
        );
      }
      bytes.push(parseInt(hex, 16));
      i += 3;
    }
    out += utf8Decode(bytes, step, 'percent-decoded text must be UTF-8 (RFC 5849 §3.6)');
  }
  return out;
}
