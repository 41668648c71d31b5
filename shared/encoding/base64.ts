import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 0x3d;

/**
 * Base64 with padding (RFC 4648 §4 (https://www.rfc-editor.org/rfc/rfc4648#section-4)), the encoding of OAuth 1.0a signatures (RFC 5849 §3.4.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2)). The character codes
 * are collected first and made into one string at the end, since joining characters one by one builds a chain of
 * partial strings (the provider encodes a signature on every request).
 */
export function base64Encode(bytes: Uint8Array): string {
  const codes: number[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    codes.push(CODES[n >> 18]!, CODES[(n >> 12) & 63]!, CODES[(n >> 6) & 63]!, CODES[n & 63]!);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    codes.push(CODES[n >> 18]!, CODES[(n >> 12) & 63]!, PAD, PAD);
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    codes.push(CODES[n >> 18]!, CODES[(n >> 12) & 63]!, CODES[(n >> 6) & 63]!, PAD);
  }
  // In slices, as the number of arguments a call may take is limited.
  let out = '';
  for (let at = 0; at < codes.length; at += 8192) out += String.fromCharCode(...codes.slice(at, at + 8192));
  return out;
}

/** Base64url without padding (RFC 4648 §5 (https://www.rfc-editor.org/rfc/rfc4648#section-5)), as PKCE requires (RFC 7636 Appendix A (https://www.rfc-editor.org/rfc/rfc7636#appendix-A)). */
export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes standard or url-safe base64; padding optional. Anything else is an error naming the position. */
export function base64Decode(text: string, step: ProtocolStep = 'base64'): Uint8Array {
  const clean = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length % 4 === 1)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_BASE64,
      step,
      `"${text}" is not base64: its length cannot be a whole number of bytes.`
    );
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < clean.length; i++) {
    const v = ALPHABET.indexOf(clean[i]!);
    if (v < 0)
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_BASE64,
        step,
        `"${text}" is not base64: character ${JSON.stringify(clean[i])} at position ${i}.`
      );
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

export function hexEncode(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
