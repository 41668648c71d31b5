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
  /**
   * What the server has said of the token since it was saved, when it refused or replaced it: `refresh_refused`
   * (the refresh token drew invalid_grant, RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2), or
   * the app revoked it, RFC 7009), `rotated` (a refresh issued a new refresh token, which the server may have
   * deleted this one for, RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), `revoked` (a
   * 401 saying so, RFC 5849's token_revoked). Absent while the server has said nothing of it.
   */
  refused: z.enum(['refresh_refused', 'rotated', 'revoked']).optional(),
});

export type SavedTokenRefusal = NonNullable<SavedToken['refused']>;

export type SavedToken = z.infer<typeof savedTokenSchema>;
export type SavedTokenInput = z.input<typeof savedTokenSchema>;

export const TOKEN_SECRET_FIELDS = ['token', 'tokenSecret', 'refreshToken'] as const;
