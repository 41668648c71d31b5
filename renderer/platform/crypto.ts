import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { PROTOCOL_ERROR, ProtocolError } from '../../shared/errors';
import type { CryptoPort, HashAlgorithm, RandomPort } from '../../shared/ports';

/**
 * The renderer's crypto port: synchronous HMAC and SHA (WebCrypto is async only), so the signature trace can be
 * recomputed on every keystroke. RSA keys never enter the page: RSA methods are signed by the host (oauth1Trace).
 */
const HASHES = { 'SHA-1': sha1, 'SHA-256': sha256, 'SHA-512': sha512 } as const satisfies Record<
  HashAlgorithm,
  unknown
>;
const bytes = (data: string | Uint8Array) => (typeof data === 'string' ? utf8ToBytes(data) : data);
const rsaInHost = (): never => {
  throw new ProtocolError(
    PROTOCOL_ERROR.RSA_IN_HOST,
    'signature',
    'RSA signatures are computed by the app host, not in the page.'
  );
};

export const browserCrypto: CryptoPort = {
  hmac: (hash, key, data) => hmac(HASHES[hash], utf8ToBytes(key), utf8ToBytes(data)),
  digest: (hash, data) => HASHES[hash](bytes(data)),
  rsaSign: rsaInHost,
  rsaVerify: rsaInHost,
};

export const browserRandom: RandomPort = { bytes: (n) => globalThis.crypto.getRandomValues(new Uint8Array(n)) };
