import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, base64UrlEncode } from '../../../../shared/encoding/base64';

describe('base64 (RFC 4648), checked against node:buffer', () => {
  it('RFC 4648 §10 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of vectors) expect(base64Encode(new TextEncoder().encode(text))).toBe(encoded);
  });

  it('any bytes encode as Buffer does, and decode back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const b = Buffer.from(bytes);
        expect(base64Encode(bytes)).toBe(b.toString('base64'));
        expect(base64UrlEncode(bytes)).toBe(b.toString('base64url'));
        expect(Buffer.from(base64Decode(base64Encode(bytes)))).toEqual(b);
      })
    );
  });

  it('inputs longer than one slice of character codes (RSA-4096 signatures and beyond)', () => {
    for (const n of [6143, 6144, 6145, 100_000]) {
      const bytes = randomBytes(n);
      expect(base64Encode(bytes)).toBe(bytes.toString('base64'));
    }
  });
});

describe('base64Decode is tolerant where RFC 4648 lets it be, and names what is not base64', () => {
  it('reads any text Node reads: url-safe or standard, padded or not, spare bits in the last character', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 15 }), (bytes, bits) => {
        const url = Buffer.from(bytes).toString('base64url');
        // Set spare bits in the last character (RFC 4648 §3.5): Buffer ignores them, and so does the decoder.
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const spare = url.length % 4 === 2 ? 0b1111 : url.length % 4 === 3 ? 0b11 : 0;
        const noisy = url.slice(0, -1) + alphabet[alphabet.indexOf(url.at(-1)!) | (bits & spare)];
        expect(Buffer.from(base64Decode(noisy))).toEqual(Buffer.from(noisy, 'base64url'));
        expect(Buffer.from(base64Decode(Buffer.from(bytes).toString('base64')))).toEqual(Buffer.from(bytes));
      })
    );
  });

  it('names the character and its position, or the length', () => {
    expect(() => base64Decode('ab!c')).toThrow('"ab!c" is not base64: character "!" at position 2.');
    expect(() => base64Decode('abcde')).toThrow('"abcde" is not base64: its length cannot be a whole number of bytes.');
  });
});
