import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Decode, utf8Encode } from '../../../../shared/encoding/utf8';
import { percentDecode } from '../../../../shared/percent-encoding';
import { decodeJwt } from '../../../../shared/oidc/jwt';
import type { ProtocolError } from '../../../../shared/errors';

const refusal = (f: () => unknown): ProtocolError => {
  try {
    f();
  } catch (e) {
    return e as ProtocolError;
  }
  throw new Error('expected a refusal');
};

describe('UTF-8 (RFC 3629), checked against node:buffer', () => {
  it('any well-formed text encodes as Buffer does and decodes back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(Buffer.from(utf8Encode(text))).toEqual(Buffer.from(text, 'utf8'));
        expect(utf8Decode(utf8Encode(text))).toBe(text);
      })
    );
  });

  it('refuses a lone surrogate with its index instead of writing U+FFFD', () => {
    for (const [text, index] of [
      ['a\ud800b', 1],
      ['ab\udc00', 2],
      ['\ud83d\ude00x\ud83d', 3],
    ] as const) {
      const e = refusal(() => utf8Encode(text, 'query-parameters'));
      expect(e.code).toBe('invalid_unicode');
      expect(e.step).toBe('query-parameters');
      expect(e.message).toBe(
        `Lone UTF-16 surrogate at index ${index}: the text is not valid Unicode and has no UTF-8 form.`
      );
    }
  });

  it('refuses bytes that are not UTF-8, naming the first bad byte', () => {
    const cases: [number[], number][] = [
      [[0xff], 0],
      [[0x61, 0xe2, 0x82], 1], // truncated
      [[0x61, 0x62, 0xc0, 0x80], 2], // overlong NUL
      [[0xed, 0xa0, 0x80], 0], // an encoded surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0xef, 0xbf, 0xbd, 0x61, 0x80], 4], // a real U+FFFD first, then a stray continuation byte
    ];
    for (const [bytes, at] of cases) {
      const e = refusal(() => utf8Decode(bytes, 'body-parameters'));
      expect(e.code).toBe('invalid_utf8');
      expect(e.step).toBe('body-parameters');
      expect(e.message).toBe(`Invalid UTF-8 byte sequence at byte ${at}: the text must be UTF-8 (RFC 3629 §3).`);
    }
  });

  it("names the rule of the caller's format: percent-decoding cites RFC 5849, a JWT part does not", () => {
    const percent = refusal(() => percentDecode('a%FFb', false, 'query-parameters'));
    expect(percent.message).toBe(
      'Invalid UTF-8 byte sequence at byte 0: percent-decoded text must be UTF-8 (RFC 5849 §3.6).'
    );
    // A header whose base64url decodes to the byte FF: not UTF-8, and nothing to do with RFC 5849.
    const jwt = refusal(() => decodeJwt('_w.e30.sig'));
    expect(jwt.message).toContain('does not decode to UTF-8 text: Invalid UTF-8 byte sequence at byte 0');
    expect(jwt.message).not.toContain('5849');
  });

  it('decodes plain arrays as well as Uint8Array, keeping a U+FFFD that was sent', () => {
    expect(utf8Decode([0xe2, 0x82, 0xac, 0xef, 0xbf, 0xbd])).toBe('€\uFFFD');
    expect(utf8Decode(new Uint8Array([0xf0, 0x9f, 0x98, 0x80]))).toBe('😀');
  });
});
