import { z } from 'zod';

/**
 * requestObjectSign across the bridge: the host signs the authorization request as a request object (RFC 9101 §4)
 * with the client's key (shared/oauth2/request-object.ts), with a fresh jti, so a private key never meets the page's
 * crypto; the answer is the JWT, its header and claims, and the trace with the key only named.
 */
export const requestObjectSignInputSchema = z.strictObject({
  /** The authorization request's parameters, client_id among them (RFC 9101 §4). */
  params: z
    .array(z.tuple([z.string().max(256), z.string().max(64 * 1024)]))
    .max(200, 'at most 200 authorization request parameters'),
  clientId: z.string().min(1, 'client_id is empty'),
  /** The provider's issuer identifier (RFC 9101 §4: aud). */
  audience: z.string().min(1, 'the audience is empty').max(8192),
  key: z.strictObject({
    method: z.enum(['client_secret_jwt', 'private_key_jwt']),
    key: z
      .string()
      .min(1, 'the key is empty')
      .max(64 * 1024, 'the key must be at most 64 KiB'),
    alg: z.string().max(16).nullable(),
    kid: z.string().max(1024).nullable(),
  }),
});

export const requestObjectSchema = z.strictObject({
  jwt: z.string(),
  header: z.record(z.string(), z.unknown()),
  claims: z.record(z.string(), z.unknown()),
  trace: z.array(z.strictObject({ part: z.string(), value: z.string(), note: z.string(), parameter: z.boolean() })),
});
