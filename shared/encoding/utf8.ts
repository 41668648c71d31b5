import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';

/** UTF-8 encoding (RFC 3629). A lone surrogate cannot be encoded and is reported, not replaced. */
export function utf8Encode(value: string, step: ProtocolStep = 'utf8'): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) {
    let cp = value.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (cp > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        throw new ProtocolError(PROTOCOL_ERROR.INVALID_UNICODE, step, `Lone UTF-16 surrogate at index ${i}: the text is not valid Unicode and has no UTF-8 form.`);
      }
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

/** Strict UTF-8 decoding: overlong forms, surrogates and truncated sequences are errors. */
export function utf8Decode(bytes: ArrayLike<number>, step: ProtocolStep = 'utf8'): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    let need: number;
    let cp: number;
    let min: number;
    if (b < 0x80) { out += String.fromCharCode(b); i++; continue; }
    if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; min = 0x80; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; cp = b & 0x0f; min = 0x800; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; cp = b & 0x07; min = 0x10000; }
    else throw invalid(i, step);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) throw invalid(i, step);
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw invalid(i, step);
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

function invalid(index: number, step: ProtocolStep): ProtocolError {
  return new ProtocolError(PROTOCOL_ERROR.INVALID_UTF8, step, `Invalid UTF-8 byte sequence at byte ${index}: percent-decoded text must be UTF-8 (RFC 5849 §3.6).`);
}
