import { base64Decode, base64Encode } from '../encoding/base64';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';
import type { CryptoPort, HashAlgorithm } from '../ports';
import { percentEncode } from '../percent-encoding';

/** RFC 5849 §3.4.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2) HMAC-SHA1 and §3.4.3 RSA-SHA1, each with the SHA-256 and SHA-512 variants real servers use. */
export const HMAC_SIGNATURE_METHODS = ['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512'] as const;
export const RSA_SIGNATURE_METHODS = ['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'] as const;
/** Every method, PLAINTEXT (§3.4.4) last; the order the forms list them in. */
export const SIGNATURE_METHODS = [...HMAC_SIGNATURE_METHODS, ...RSA_SIGNATURE_METHODS, 'PLAINTEXT'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** The hash each method signs with (§3.4.2 HMAC, §3.4.3 RSASSA-PKCS1-v1_5); PLAINTEXT has none (§3.4.4). */
export const SIGNATURE_HASH: Record<Exclude<SignatureMethod, 'PLAINTEXT'>, HashAlgorithm> = {
  'HMAC-SHA1': 'SHA-1',
  'HMAC-SHA256': 'SHA-256',
  'HMAC-SHA512': 'SHA-512',
  'RSA-SHA1': 'SHA-1',
  'RSA-SHA256': 'SHA-256',
  'RSA-SHA512': 'SHA-512',
};

export function isSignatureMethod(name: string): name is SignatureMethod {
  return (SIGNATURE_METHODS as readonly string[]).includes(name);
}

/** Method names are case-sensitive (§3.1), so `hmac-sha1` is rejected, with the accepted list. */
export function parseSignatureMethod(name: string, step: ProtocolStep = 'signature'): SignatureMethod {
  if (isSignatureMethod(name)) return name;
  throw new ProtocolError(
    PROTOCOL_ERROR.UNSUPPORTED_SIGNATURE_METHOD,
    step,
    `Signature method ${JSON.stringify(name)} is not supported; expected one of ${SIGNATURE_METHODS.join(', ')} (names are case-sensitive, RFC 5849 §3.1).`
  );
}

type RsaSignatureMethod = (typeof RSA_SIGNATURE_METHODS)[number];

export const isRsaMethod = (m: SignatureMethod): m is RsaSignatureMethod => m.startsWith('RSA-');

/** §3.4.2: both secrets percent-encoded and joined by `&`, which is present even when either secret is empty. */
export function signingKey(consumerSecret: string, tokenSecret?: string | null): string {
  return `${percentEncode(consumerSecret, 'signing-key')}&${percentEncode(tokenSecret ?? '', 'signing-key')}`;
}

export interface SignatureValue {
  readonly signature: string;
  /** The raw HMAC or RSA output, which X's documentation and others print as hex. Absent for PLAINTEXT. */
  readonly digest?: Uint8Array;
}

/**
 * Signs the base string. HMAC uses the signing key (§3.4.2); RSA uses the consumer's private key and ignores the
 * secrets (§3.4.3); PLAINTEXT's signature is the signing key itself, not the base string (§3.4.4).
 */
export function signBaseString(
  method: SignatureMethod,
  baseString: string,
  key: string,
  crypto: CryptoPort,
  privateKeyPem?: string
): SignatureValue {
  if (method === 'PLAINTEXT') return { signature: key };
  if (isRsaMethod(method)) {
    if (!privateKeyPem || !privateKeyPem.includes('PRIVATE KEY')) {
      throw new ProtocolError(
        PROTOCOL_ERROR.MISSING_PRIVATE_KEY,
        'signature',
        `${method} signs with the consumer's RSA private key (RFC 5849 §3.4.3); provide it as a PEM block (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----).`
      );
    }
    let digest: Uint8Array;
    try {
      digest = crypto.rsaSign(SIGNATURE_HASH[method], privateKeyPem, baseString);
    } catch (e) {
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_PRIVATE_KEY,
        'signature',
        `The RSA private key could not be used: ${(e as Error).message}`
      );
    }
    return { signature: base64Encode(digest), digest };
  }
  const digest = crypto.hmac(SIGNATURE_HASH[method], key, baseString);
  return { signature: base64Encode(digest), digest };
}

/**
 * The signature text of an HMAC or PLAINTEXT signature, exactly as signBaseString gives it, without the digest's
 * bytes: what a verifier compares (the properties test holds the two equal). RSA signatures are verified with the
 * public key instead (§3.4.3).
 */
export function hmacSignatureText(
  method: Exclude<SignatureMethod, RsaSignatureMethod>,
  baseString: string,
  key: string,
  crypto: CryptoPort
): string {
  if (method === 'PLAINTEXT') return key;
  const hash = SIGNATURE_HASH[method];
  return crypto.hmacBase64
    ? crypto.hmacBase64(hash, key, baseString)
    : base64Encode(crypto.hmac(hash, key, baseString));
}

/**
 * Server side: does `signature` (decoded from the request) match? HMAC and PLAINTEXT compare in constant time;
 * RSA verifies with the consumer's public key or certificate.
 */
export function verifySignature(
  method: SignatureMethod,
  baseString: string,
  key: string,
  signature: string,
  crypto: CryptoPort,
  publicKeyPem?: string
): boolean {
  if (isRsaMethod(method))
    return publicKeyPem ? verifyRsaSignature(method, baseString, signature, publicKeyPem, crypto) : false;
  return constantTimeEqual(hmacSignatureText(method, baseString, key, crypto), signature);
}

/** §3.4.3.2: the base64 signature checked with the consumer's RSA public key; one that is not base64 does not match. */
export function verifyRsaSignature(
  method: SignatureMethod,
  baseString: string,
  signature: string,
  publicKeyPem: string,
  crypto: CryptoPort
): boolean {
  let bytes: Uint8Array;
  try {
    bytes = base64Decode(signature);
  } catch {
    return false;
  }
  return crypto.rsaVerify(SIGNATURE_HASH[method as 'RSA-SHA1'], publicKeyPem, baseString, bytes);
}

/** Compares without an early exit, so the time taken does not reveal how many leading characters matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i % (a.length || 1)) | 0) ^ (b.charCodeAt(i % (b.length || 1)) | 0);
  return diff === 0;
}

/** OAuth Request Body Hash (draft-eaton-oauth-bodyhash §3.1): base64 of the body's digest with the method's hash. */
export function bodyHash(method: SignatureMethod, body: string | Uint8Array, crypto: CryptoPort): string {
  if (method === 'PLAINTEXT') {
    throw new ProtocolError(
      PROTOCOL_ERROR.BODY_HASH_UNSUPPORTED,
      'body-hash',
      'oauth_body_hash uses the hash of the signature method; PLAINTEXT has none. Choose an HMAC or RSA method, or turn the body hash off.'
    );
  }
  return base64Encode(crypto.digest(SIGNATURE_HASH[method], body));
}
