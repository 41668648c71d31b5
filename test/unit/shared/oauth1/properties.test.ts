import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAuthorizationHeader, encodeParameters, normalizedParameterString, normalizeParameters, parseAuthorizationHeader, percentDecode, percentEncode, sortParameters } from '../../../../shared/oauth1';

// Strings that are valid Unicode (no lone surrogates): what a user can type and UTF-8 can carry.
const unicode = fc.string({ unit: 'grapheme' });
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

describe('percent-encoding properties (RFC 5849 §3.6, RFC 3986 §2.3)', () => {
  it('leaves exactly the unreserved characters as they are and escapes every other UTF-8 octet in upper-case hex', () => {
    fc.assert(
      fc.property(unicode, (s) => {
        const encoded = percentEncode(s);
        const expected = Array.from(new TextEncoder().encode(s), (b) => {
          const c = String.fromCharCode(b);
          return b < 0x80 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
        }).join('');
        expect(encoded).toBe(expected);
        expect(encoded).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
        expect(percentDecode(encoded, false)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
  it('agrees with encodeURIComponent once ! * \' ( ) are escaped too', () => {
    fc.assert(
      fc.property(unicode, (s) => {
        const reference = encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
        expect(percentEncode(s)).toBe(reference);
      }),
      { numRuns: 2000 },
    );
  });
  it('refuses a lone surrogate instead of signing something else', () => {
    expect(() => percentEncode('a\ud800b')).toThrow(/Lone UTF-16 surrogate at index 1/);
  });
});

describe('Authorization header properties (RFC 5849 §3.5.1)', () => {
  const name = fc.oneof(fc.constantFrom('oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_signature'), unicode.filter((n) => n !== '' && n !== 'realm'));
  const params = fc.array(fc.tuple(name, unicode), { maxLength: 12 });
  const realm = fc.option(fc.string().filter((r) => !/[\ud800-\udfff]/.test(r)), { nil: null });
  it('parse(build(params, realm)) gives back the same parameters, in order, and the realm', () => {
    fc.assert(
      fc.property(params, realm, fc.constantFrom(', ', ',', ' ,  '), (p, r, sep) => {
        const parsed = parseAuthorizationHeader(buildAuthorizationHeader(p, r, sep));
        expect(parsed.params).toEqual(p);
        expect(parsed.realm).toBe(r);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parameter normalization (RFC 5849 §3.4.1.3.2)', () => {
  it('normalizeParameters equals the step functions composed (encode, sort by name then value, join), oauth_signature left out', () => {
    const name = fc.oneof(fc.constantFrom('a', 'b', 'oauth_signature', 'oauth_nonce', 'a b', 'ä'), unicode);
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.oneof(fc.constantFrom('', '1', '2', 'x y'), unicode)), { maxLength: 40 }), (params) => {
        const steps = normalizedParameterString(sortParameters(encodeParameters(params.filter(([n]) => n !== 'oauth_signature'))));
        expect(normalizeParameters(params)).toBe(steps);
      }),
      { numRuns: 2000 },
    );
  });
});
