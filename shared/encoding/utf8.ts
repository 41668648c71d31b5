import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';

/**
 * The platform's WHATWG Encoding API, present in Node and in browsers. shared/ compiles without DOM or Node types,
 * so only the members used here are declared, read from globalThis (no global declaration that could clash with
 * lib.dom's where both are in scope).
 */
interface TextEncoderLike {
  encode(input: string): Uint8Array;
}
interface TextDecoderLike {
  decode(input: Uint8Array): string;
}
const platform = globalThis as unknown as {
  readonly TextEncoder: new () => TextEncoderLike;
  readonly TextDecoder: new (label: 'utf-8', options: { readonly fatal: boolean }) => TextDecoderLike;
};
const encoder = new platform.TextEncoder();
const strict = new platform.TextDecoder('utf-8', { fatal: true });
const lenient = new platform.TextDecoder('utf-8', { fatal: false });

/** With the `u` flag a surrogate pair is one code point, so this matches only a surrogate standing alone. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const REPLACEMENT = '\uFFFD';

/**
 * UTF-8 encoding (RFC 3629 (https://www.rfc-editor.org/rfc/rfc3629)). A lone surrogate has no UTF-8 form: TextEncoder would silently write U+FFFD in its
 * place, so it is refused here, with its index.
 */
export function utf8Encode(value: string, step: ProtocolStep = 'utf8'): Uint8Array {
  const lone = LONE_SURROGATE.exec(value);
  if (lone)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_UNICODE,
      step,
      `Lone UTF-16 surrogate at index ${lone.index}: the text is not valid Unicode and has no UTF-8 form.`
    );
  return encoder.encode(value);
}

/**
 * Strict UTF-8 decoding (RFC 3629 §3 (https://www.rfc-editor.org/rfc/rfc3629#section-3), WHATWG Encoding "fatal"): overlong forms, surrogates, code points past
 * U+10FFFF and truncated sequences are errors, reported at the first byte that is not UTF-8, with the `rule` the
 * caller's format sets (percent-decoded text, RFC 5849 §3.6; a JWT's parts, RFC 7515 §2; …).
 */
export function utf8Decode(
  bytes: ArrayLike<number>,
  step: ProtocolStep = 'utf8',
  rule = 'the text must be UTF-8 (RFC 3629 §3)'
): string {
  const octets = bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes);
  try {
    return strict.decode(octets);
  } catch {
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_UTF8,
      step,
      `Invalid UTF-8 byte sequence at byte ${firstInvalidByte(octets)}: ${rule}.`
    );
  }
}

/**
 * Where decoding failed: the lenient decoder writes U+FFFD for each bad sequence, and everything before the first
 * one that the bytes do not spell (EF BF BD) was decoded exactly, so its UTF-8 length is the offending offset.
 */
function firstInvalidByte(octets: Uint8Array): number {
  const text = lenient.decode(octets);
  for (let at = text.indexOf(REPLACEMENT); at >= 0; at = text.indexOf(REPLACEMENT, at + 1)) {
    const offset = encoder.encode(text.slice(0, at)).length;
    if (!(octets[offset] === 0xef && octets[offset + 1] === 0xbf && octets[offset + 2] === 0xbd)) return offset;
  }
  return 0;
}
