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
