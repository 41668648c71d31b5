import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HMAC_SIGNATURE_METHODS,
  isRsaMethod,
  RSA_SIGNATURE_METHODS,
  SIGNATURE_HASH,
  SIGNATURE_METHODS,
  signBaseString,
  verifyRsaSignature,
  verifySignature,
} from '../../../../shared/oauth1';
import { rsaVerifyInputSchema } from '../../../../shared/bridge/schemas/rsa-verify';
import { nodeCrypto } from '../../../../platform/node/node-crypto';

/** The one table of signature method -> hash, checked against node:crypto named independently of it. */
const NODE_HASH = {
  'HMAC-SHA1': 'sha1',
  'HMAC-SHA256': 'sha256',
  'HMAC-SHA512': 'sha512',
  'RSA-SHA1': 'sha1',
  'RSA-SHA256': 'sha256',
  'RSA-SHA512': 'sha512',
} as const;
const keys = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const base = 'POST&https%3A%2F%2Fapi.example.com%2Fr&a%3D1';

describe('the signature method lists', () => {
  it('are the HMAC family, the RSA family and PLAINTEXT, in that order', () => {
    expect(SIGNATURE_METHODS).toEqual([...HMAC_SIGNATURE_METHODS, ...RSA_SIGNATURE_METHODS, 'PLAINTEXT']);
    expect(SIGNATURE_METHODS.filter(isRsaMethod)).toEqual([...RSA_SIGNATURE_METHODS]);
  });
  it('the bridge checks RSA signatures for exactly the RSA family', () => {
    expect(rsaVerifyInputSchema.shape.method.options).toEqual([...RSA_SIGNATURE_METHODS]);
  });
});

describe('SIGNATURE_HASH', () => {
  it('names a hash for every method but PLAINTEXT (RFC 5849 §3.4.4 has none)', () => {
    expect(Object.keys(SIGNATURE_HASH).sort()).toEqual(SIGNATURE_METHODS.filter((m) => m !== 'PLAINTEXT').sort());
  });
  for (const [method, nodeHash] of Object.entries(NODE_HASH) as [keyof typeof NODE_HASH, string][]) {
    it(`${method} signs with ${nodeHash}`, () => {
      if (method.startsWith('HMAC-')) {
        expect(signBaseString(method, base, 'cs&ts', nodeCrypto).signature).toBe(
          createHmac(nodeHash, 'cs&ts').update(base).digest('base64')
        );
        return;
      }
      const { signature } = signBaseString(method, base, '', nodeCrypto, keys.privateKey);
      expect(verify(nodeHash, Buffer.from(base), keys.publicKey, Buffer.from(signature, 'base64'))).toBe(true);
      expect(verifySignature(method, base, '', signature, nodeCrypto, keys.publicKey)).toBe(true);
    });
  }
});

describe('verifyRsaSignature (RFC 5849 §3.4.3.2)', () => {
  const { signature } = signBaseString('RSA-SHA256', base, '', nodeCrypto, keys.privateKey);
  it('accepts the signature of this base string with this hash only', () => {
    expect(verifyRsaSignature('RSA-SHA256', base, signature, keys.publicKey, nodeCrypto)).toBe(true);
    expect(verifyRsaSignature('RSA-SHA1', base, signature, keys.publicKey, nodeCrypto)).toBe(false);
    expect(verifyRsaSignature('RSA-SHA256', `${base}x`, signature, keys.publicKey, nodeCrypto)).toBe(false);
  });
  it('a signature that is not base64 does not match (no throw)', () => {
    expect(verifyRsaSignature('RSA-SHA256', base, 'not base64!', keys.publicKey, nodeCrypto)).toBe(false);
  });
});
