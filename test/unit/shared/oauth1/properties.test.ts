import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import {
  baseStringUri,
  HMAC_SIGNATURE_METHODS,
  hmacSignatureText,
  buildAuthorizationHeader,
  compareEncodedParameters,
  encodeParameters,
  normalizedParameterString,
  normalizeParameters,
  parseAuthorizationHeader,
  signatureBaseString,
  signBaseString,
  signingKey,
  sortParameters,
  traceSignature,
} from '../../../../shared/oauth1';
import { percentDecode, percentEncode } from '../../../../shared/percent-encoding';
import type { Param } from '../../../../shared/url-encoded';

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
      { numRuns: 2000 }
    );
  });
  it("agrees with encodeURIComponent once ! * ' ( ) are escaped too", () => {
    fc.assert(
      fc.property(unicode, (s) => {
        const reference = encodeURIComponent(s).replace(
          /[!'()*]/g,
          (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
        );
        expect(percentEncode(s)).toBe(reference);
      }),
      { numRuns: 2000 }
    );
  });
  it('refuses a lone surrogate instead of signing something else', () => {
    expect(() => percentEncode('a\ud800b')).toThrow(/Lone UTF-16 surrogate at index 1/);
  });
});

describe('Authorization header properties (RFC 5849 §3.5.1)', () => {
  const name = fc.oneof(
    fc.constantFrom('oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_signature'),
    unicode.filter((n) => n !== '' && n !== 'realm')
  );
  const params = fc.array(fc.tuple(name, unicode), { maxLength: 12 });
  const realm = fc.option(
    fc.string().filter((r) => !/[\ud800-\udfff]/.test(r)),
    { nil: null }
  );
  it('parse(build(params, realm)) gives back the same parameters, in order, and the realm', () => {
    fc.assert(
      fc.property(params, realm, fc.constantFrom(', ', ',', ' ,  '), (p, r, sep) => {
        const parsed = parseAuthorizationHeader(buildAuthorizationHeader(p, r, sep));
        expect(parsed.params).toEqual(p);
        expect(parsed.realm).toBe(r);
      }),
      { numRuns: 2000 }
    );
  });
});

describe('parameter normalization (RFC 5849 §3.4.1.3.2)', () => {
  it('normalizeParameters equals the step functions composed (encode, sort by name then value, join), oauth_signature left out', () => {
    const name = fc.oneof(fc.constantFrom('a', 'b', 'oauth_signature', 'oauth_nonce', 'a b', 'ä'), unicode);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.oneof(fc.constantFrom('', '1', '2', 'x y'), unicode)), { maxLength: 40 }),
        (params) => {
          const steps = normalizedParameterString(
            sortParameters(encodeParameters(params.filter(([n]) => n !== 'oauth_signature')))
          );
          expect(normalizeParameters(params)).toBe(steps);
        }
      ),
      { numRuns: 2000 }
    );
  });
});

describe('one parameter order (RFC 5849 §3.4.1.3.2 (2))', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  const byBytes = (a: string, b: string) => {
    const x = bytes(a);
    const y = bytes(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };
  it('sortParameters orders by encoded name, then encoded value, comparing octets', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(unicode, unicode), { maxLength: 20 }), (params) => {
        const sorted = sortParameters(encodeParameters(params));
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const order = byBytes(a[0], b[0]) || byBytes(a[1], b[1]);
          expect(order).toBeLessThanOrEqual(0);
          expect(Math.sign(compareEncodedParameters(a, b))).toBe(Math.sign(order));
        }
      }),
      { numRuns: 1000 }
    );
  });
  it('sorts any items by the encoded pair each carries, the same way', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(unicode, unicode), { maxLength: 20 }), (params) => {
        const encoded = encodeParameters(params);
        const items = encoded.map((pair, i) => ({ pair, i }));
        expect(sortParameters(items, (x) => x.pair).map((x) => x.pair)).toEqual(sortParameters(encoded));
      }),
      { numRuns: 500 }
    );
  });
});

describe('the signature text alone (what the mock verifies)', () => {
  it("equals signBaseString's signature for every HMAC method and PLAINTEXT, with the host's base64 and without it", () => {
    const bytesOnly = { ...nodeCrypto, hmacBase64: undefined };
    fc.assert(
      fc.property(
        fc.constantFrom(...HMAC_SIGNATURE_METHODS, 'PLAINTEXT' as const),
        unicode,
        unicode,
        unicode,
        (method, baseString, consumerSecret, tokenSecret) => {
          const key = signingKey(consumerSecret, tokenSecret);
          const expected = signBaseString(method, baseString, key, nodeCrypto).signature;
          expect(hmacSignatureText(method, baseString, key, nodeCrypto)).toBe(expected);
          expect(hmacSignatureText(method, baseString, key, bytesOnly)).toBe(expected);
        }
      ),
      { numRuns: 1000 }
    );
  });
});

describe('traceSignature is the exported step functions composed', () => {
  const name = fc.oneof(
    fc.constantFrom('a', 'b', 'oauth_x', 'a b', 'ä', '+'),
    unicode.filter((n) => n !== '')
  );
  const pairs = fc.array(fc.tuple(name, unicode), { maxLength: 6 });
  const form = (ps: readonly Param[]) => ps.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&');
  it('its encoded, sorted and normalized parameters, base string URI, base string, key and signature', () => {
    fc.assert(
      fc.property(
        pairs,
        pairs,
        fc.constantFrom('GET', 'post', 'Put'),
        fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'),
        unicode,
        (query, body, method, signatureMethod, secret) => {
          const url = `HTTP://Example.COM:80/a%20b${query.length ? `?${form(query)}` : ''}`;
          const input = {
            method,
            url,
            body: form(body),
            contentType: 'application/x-www-form-urlencoded',
            consumerKey: 'ck',
            consumerSecret: secret,
            tokenSecret: 'ts',
            token: 'tk',
            signatureMethod,
            nonce: 'n',
            timestamp: '1',
          } as const;
          const t = traceSignature(input, nodeCrypto);
          const all: Param[] = t.params.map((p) => [p.name, p.value]);
          expect(t.params.map((p): Param => [p.encodedName, p.encodedValue])).toEqual(encodeParameters(all));
          const signed = encodeParameters(all.filter(([n]) => n !== 'oauth_signature'));
          expect(t.sortedParams.map((p): Param => [p.encodedName, p.encodedValue])).toEqual(sortParameters(signed));
          expect(t.normalizedParameters).toBe(normalizedParameterString(sortParameters(signed)));
          expect(t.normalizedParameters).toBe(normalizeParameters(all));
          expect(t.baseStringUri).toBe(baseStringUri(url));
          expect(t.baseString).toBe(signatureBaseString(method, baseStringUri(url), normalizeParameters(all)));
          expect(t.signingKey).toBe(signingKey(secret, 'ts'));
          expect(t.signature).toBe(
            signBaseString(signatureMethod, t.baseString, signingKey(secret, 'ts'), nodeCrypto).signature
          );
        }
      ),
      { numRuns: 500 }
    );
  });
});
