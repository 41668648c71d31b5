import { base64UrlEncode } from '../encoding/base64';
import { utf8Encode } from '../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolStep } from '../errors';
import type { CryptoPort, RandomPort } from '../ports';

/** RFC 7636 §4.2 (https://www.rfc-editor.org/rfc/rfc7636#section-4.2). `plain` exists for clients that cannot hash; S256 is the default everywhere (RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)). */
export const PKCE_METHODS = ['S256', 'plain'] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];

/**
 * RFC 7636 §4.1 (https://www.rfc-editor.org/rfc/rfc7636#section-4.1) code-verifier and §4.2 code-challenge share one syntax: 43–128 characters of ALPHA / DIGIT / "-" /
 * "." / "_" / "~" (an S256 challenge is 43 base64url characters; a plain one is the verifier itself).
 */
export const PKCE_VALUE_SYNTAX = /^[A-Za-z0-9\-._~]{43,128}$/;

export function validateCodeVerifier(verifier: string, step: ProtocolStep = 'pkce'): void {
  if (!PKCE_VALUE_SYNTAX.test(verifier)) {
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_CODE_VERIFIER,
      step,
      `code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1); got ${verifier.length} characters${/[^A-Za-z0-9\-._~]/.test(verifier) ? ' with characters outside that set' : ''}.`
    );
  }
}

/** RFC 7636 §4.1 / §7.1: 32 random octets, base64url-encoded, give a 43-character verifier with 256 bits of entropy. */
export function generateCodeVerifier(random: RandomPort): string {
  return base64UrlEncode(random.bytes(32));
}

/** RFC 7636 §4.2: S256 is BASE64URL(SHA256(ASCII(code_verifier))); plain is the verifier itself. */
export function codeChallenge(verifier: string, method: PkceMethod, crypto: CryptoPort): string {
  return method === 'plain' ? verifier : base64UrlEncode(crypto.digest('SHA-256', utf8Encode(verifier)));
}
