import { base64, base64nopad, base64urlnopad } from '@scure/base';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';

/** Base64 with padding (RFC 4648 §4 (https://www.rfc-editor.org/rfc/rfc4648#section-4)), the encoding of OAuth 1.0a signatures (RFC 5849 §3.4.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2)). */
export function base64Encode(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Base64url without padding (RFC 4648 §5 (https://www.rfc-editor.org/rfc/rfc4648#section-5)), as PKCE requires (RFC 7636 Appendix A (https://www.rfc-editor.org/rfc/rfc7636#appendix-A)). */
export function base64UrlEncode(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

/**
 * Decodes standard or url-safe base64; padding optional. What is not base64 is an error naming the character and
 * its position (the library names only the character), or saying the length cannot be whole bytes.
 */
export function base64Decode(text: string, step: ProtocolStep = 'base64'): Uint8Array {
  const clean = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length % 4 === 1)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASE64,
      step,
      `"${text}" is not base64: its length cannot be a whole number of bytes.`
    );
  const bad = clean.search(/[^A-Za-z0-9+/]/);
  if (bad >= 0)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASE64,
      step,
      `"${text}" is not base64: character ${JSON.stringify(clean[bad])} at position ${bad}.`
    );
  return base64nopad.decode(withoutTrailingBits(clean));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Clears the bits of the last character that fall beyond the last byte. RFC 4648 §3.5
 * (https://www.rfc-editor.org/rfc/rfc4648#section-3.5) lets a decoder reject them; a tolerant client reads the bytes
 * (as browsers' atob and Node's Buffer do), where the library refuses.
 */
function withoutTrailingBits(clean: string): string {
  const spare = { 2: 0b1111, 3: 0b11 }[clean.length % 4];
  if (!spare) return clean;
  const last = ALPHABET.indexOf(clean.at(-1)!);
  return clean.slice(0, -1) + ALPHABET[last & ~spare];
}

export function hexEncode(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
