import { z } from 'zod';

/**
 * clientAssertion across the bridge: the host signs a client_secret_jwt or private_key_jwt assertion (RFC 7523
 * §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)) so that a private key never meets the page's crypto,
 * as the OAuth 1.0a RSA signature is signed there; the answer is the whole trace, the key only named.
 */
export const clientAssertionInputSchema = z.strictObject({
  method: z.enum(['client_secret_jwt', 'private_key_jwt']),
  clientId: z.string().min(1, 'client_id is empty'),
  key: z.string().max(64 * 1024, 'the key must be at most 64 KiB'),
  /** Checked against the key by the builder, which says what fits (RFC 7518 §3.1). */
  alg: z.string().max(16).nullable(),
  kid: z.string().max(1024).nullable(),
  audience: z.string().min(1, 'the audience is empty').max(8192),
  /** A mistake made on purpose (shared/oauth2/client-auth-mistakes.ts); reused-jti sends `jti` again. */
  mistake: z.enum(['wrong-audience', 'expired', 'reused-jti', 'other-key']).optional(),
  jti: z.string().max(256).optional(),
});

export const clientAssertionTraceSchema = z.strictObject({
  method: z.enum(['client_secret_jwt', 'private_key_jwt']),
  header: z.record(z.string(), z.string()),
  claims: z.record(z.string(), z.union([z.string(), z.number()])),
  key: z.string(),
  signingInput: z.string(),
  signature: z.string(),
  assertion: z.string(),
});
