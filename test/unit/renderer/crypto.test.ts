import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexEncode } from '../../../shared/encoding/base64';
import { codeChallenge } from '../../../shared/oauth2';
import { browserCrypto, browserRandom } from '../../../renderer/platform/crypto';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import { normativeVectors } from '../../vectors/load';

/** The page's synchronous crypto must agree with OpenSSL byte for byte, or live traces would lie. */
describe('renderer crypto port', () => {
  it('agrees with node:crypto on HMAC and SHA for any key and data', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('SHA-1', 'SHA-256', 'SHA-512' as const),
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        (hash, key, data) => {
          expect(hexEncode(browserCrypto.hmac(hash, key, data))).toBe(hexEncode(nodeCrypto.hmac(hash, key, data)));
          expect(hexEncode(browserCrypto.digest(hash, data))).toBe(hexEncode(nodeCrypto.digest(hash, data)));
        }
      ),
      { numRuns: 300 }
    );
  });

  it('derives the RFC 7636 PKCE challenges', () => {
    const s256 = normativeVectors('pkce').filter((v) => v.inputs.code_challenge_method === 'S256');
    expect(s256.length).toBeGreaterThan(0);
    for (const v of s256) {
      expect(codeChallenge(v.inputs.code_verifier, 'S256', browserCrypto)).toBe(v.expected.code_challenge);
    }
  });

  it('leaves RSA to the host with a coded error', () => {
    expect(() => browserCrypto.rsaSign('SHA-1', 'pem', 'data')).toThrow(
      expect.objectContaining({ code: 'rsa_in_host' })
    );
  });

  it('gives fresh random bytes of the asked length', () => {
    const a = browserRandom.bytes(32);
    expect(a).toHaveLength(32);
    expect(hexEncode(a)).not.toBe(hexEncode(browserRandom.bytes(32)));
  });
});
