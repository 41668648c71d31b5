import { z } from 'zod';

/** Tokens a flow obtained, kept per profile so a user can come back to them (secrets encrypted at rest). */
export const savedTokenSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'the id must be 1 to 64 letters, digits, "-" or "_"'),
  profileId: z.string().min(1),
  kind: z.enum(['oauth1', 'oauth2']),
  /** OAuth 1.0a access token or OAuth 2 access token. */
  token: z.string().min(1, 'the token is empty'),
  /** OAuth 1.0a token secret. */
  tokenSecret: z.string().default(''),
  /** OAuth 2 refresh token. */
  refreshToken: z.string().default(''),
  scope: z.string().default(''),
  obtainedAt: z.number().int().nonnegative(),
  /** Epoch ms; null when the token does not expire (OAuth 1.0a access tokens, interface §2.2). */
  expiresAt: z.number().int().nonnegative().nullable().default(null),
  label: z.string().max(120).default(''),
});

export type SavedToken = z.infer<typeof savedTokenSchema>;
export type SavedTokenInput = z.input<typeof savedTokenSchema>;

export const TOKEN_SECRET_FIELDS = ['token', 'tokenSecret', 'refreshToken'] as const;
