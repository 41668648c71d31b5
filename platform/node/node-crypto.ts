import { createHash, createHmac, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { CryptoPort, HashAlgorithm, RandomPort } from '../../shared/ports';
import { randomBytes } from 'node:crypto';

const NODE_HASH: Record<HashAlgorithm, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** The crypto port backed by node:crypto (OpenSSL). */
export const nodeCrypto: CryptoPort = {
  hmac: (hash, key, data) => createHmac(NODE_HASH[hash], key).update(data).digest(),
  hmacBase64: (hash, key, data) => createHmac(NODE_HASH[hash], key).update(data).digest('base64'),
  digest: (hash, data) => createHash(NODE_HASH[hash]).update(data).digest(),
  rsaSign: (hash, pem, data) => sign(NODE_HASH[hash], Buffer.from(data), createPrivateKey(pem)),
  rsaVerify: (hash, pem, data, signature) => {
    try {
      return verify(NODE_HASH[hash], Buffer.from(data), createPublicKey(pem), signature);
    } catch {
      return false;
    }
  },
};

export const nodeRandom: RandomPort = { bytes: (n) => randomBytes(n) };
