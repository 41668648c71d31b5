import { base64UrlEncode } from '../encoding/base64';
import type { CryptoPort, HashAlgorithm } from '../ports';

/**
 * The hash behind at_hash and c_hash (OIDC Core §3.1.3.6, §3.3.2.11): the one of the id_token's `alg` (SHA-256 for
 * RS256/PS256/ES256/HS256, SHA-384 and SHA-512 for the 384 and 512 variants, SHA-512 for EdDSA with Ed25519).
 * SHA-384 is not a CryptoPort hash, so those algorithms return null and the check says it cannot be made.
 */
export function tokenHashAlgorithm(alg: string): HashAlgorithm | null {
  if (/^(RS|PS|ES|HS)256$/.test(alg)) return 'SHA-256';
  if (/^(RS|PS|ES|HS)512$/.test(alg) || alg === 'EdDSA' || alg === 'Ed25519') return 'SHA-512';
  return null;
}

/** base64url of the left-most half of the hash of the ASCII octets of the value (OIDC Core §3.1.3.6). */
export function leftHalfHash(hash: HashAlgorithm, value: string, crypto: CryptoPort): string {
  const digest = crypto.digest(hash, value);
  return base64UrlEncode(digest.slice(0, digest.length / 2));
}
