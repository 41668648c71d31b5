/**
 * Effects enter shared/ only through these ports, so every computation here is pure and testable with fixed
 * values. Strings given to the crypto port are UTF-8 encoded by it; every OAuth 1.0a key and base string is
 * ASCII after percent-encoding, so no ambiguity arises there.
 */
export type HashAlgorithm = 'SHA-1' | 'SHA-256' | 'SHA-512';

export interface CryptoPort {
  hmac(hash: HashAlgorithm, key: string, data: string): Uint8Array;
  /**
   * The same HMAC as base64 (RFC 4648 §4 (https://www.rfc-editor.org/rfc/rfc4648#section-4)), for a caller that needs
   * only the text: a host that can encode natively skips the bytes (the mock verifies a signature per request).
   */
  hmacBase64?(hash: HashAlgorithm, key: string, data: string): string;
  digest(hash: HashAlgorithm, data: string | Uint8Array): Uint8Array;
  /** RSASSA-PKCS1-v1_5 (RFC 3447 §8.2 (https://www.rfc-editor.org/rfc/rfc3447#section-8.2)), the scheme RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3) names. */
  rsaSign(hash: HashAlgorithm, privateKeyPem: string, data: string): Uint8Array;
  rsaVerify(hash: HashAlgorithm, publicKeyPem: string, data: string, signature: Uint8Array): boolean;
}

export interface RandomPort {
  bytes(length: number): Uint8Array;
}

export interface ClockPort {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** A JSON Web Key (RFC 7517 §4 (https://www.rfc-editor.org/rfc/rfc7517#section-4)) as published in a JWKS; only the members key selection reads are named. */
export interface Jwk {
  readonly kty: string;
  readonly kid?: string;
  readonly use?: string;
  readonly alg?: string;
  readonly [member: string]: unknown;
}

export type JwsVerification = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** JOSE signature checks (RFC 7515 §5.2 (https://www.rfc-editor.org/rfc/rfc7515#section-5.2)), asynchronous as WebCrypto is. */
export interface JosePort {
  /**
   * Verifies a compact JWS with `alg` and one key: a public JWK for RS*, PS*, ES*, EdDSA, or the shared secret's
   * bytes for HS* (OIDC Core §10.1: the client secret's UTF-8 octets). A bad key is a failure with its reason.
   */
  verifyCompact(jws: string, alg: string, key: Jwk | Uint8Array): Promise<JwsVerification>;
}

/** A private key for a JWS: PKCS#8 PEM text, a private JWK, or (HS*) the shared secret's octets. */
export type JwsSigningKey = { readonly pkcs8: string } | { readonly jwk: Jwk } | { readonly secret: Uint8Array };

export type JwsSigning = { readonly ok: true; readonly jws: string } | { readonly ok: false; readonly reason: string };

/** JOSE signing (RFC 7515 §5.1 (https://www.rfc-editor.org/rfc/rfc7515#section-5.1)): the compact JWS of a protected header and a payload. */
export interface JoseSignPort {
  signCompact(header: Readonly<Record<string, unknown>>, payload: Uint8Array, key: JwsSigningKey): Promise<JwsSigning>;
}
