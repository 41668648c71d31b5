import { z } from 'zod';
import { exchangeSchema, rawRequestSchema } from './http';
import { signatureInputSchema } from './oauth1';

/** Exports across the bridge: a request in (as the export core takes it), code or a collection out. */
const opt = z.string().nullable().optional();

const exportSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('oauth1'), signing: signatureInputSchema, request: rawRequestSchema.optional() }),
  z.strictObject({
    kind: z.literal('oauth2'),
    request: rawRequestSchema,
    accessToken: opt,
    refreshToken: opt,
    tokenUrl: opt,
    authorizeUrl: opt,
    redirectUri: opt,
    clientId: opt,
    clientSecret: opt,
    clientAuthentication: z.enum(['none', 'body', 'basic', 'private_key_jwt']).optional(),
    clientKey: z
      .strictObject({
        privateKeyPem: z.string().min(1, 'the client key needs its private key PEM'),
        alg: z.string().min(1, 'the client key needs its JWS alg (RS256, PS256, ES256, …)'),
        keyId: opt,
        certificateThumbprint: opt,
        audience: opt,
      })
      .nullable()
      .optional(),
    scope: opt,
    pkce: z.enum(['S256', 'plain', 'off']).optional(),
    grant: z.enum(['authorization_code', 'client_credentials']).optional(),
    resources: z.array(z.string()).readonly().optional(),
    audience: opt,
  }),
  z.strictObject({ kind: z.literal('request'), request: rawRequestSchema }),
]);

export const exportRequestInputSchema = z.strictObject({
  target: z.string().min(1, 'choose an export target'),
  source: exportSourceSchema,
  /** Secrets go in only when asked; otherwise named placeholders stand in. */
  includeSecrets: z.boolean().default(false),
  /** For HAR: the response and timings of the request. */
  exchange: exchangeSchema.optional(),
});

export const exportResultSchema = z.strictObject({
  target: z.string(),
  filename: z.string(),
  mediaType: z.string(),
  text: z.string(),
  secretsIncluded: z.boolean(),
  placeholders: z.array(z.string()).readonly(),
  notes: z.array(z.string()).readonly(),
});

export const exportTargetSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  language: z.string(),
  kind: z.enum(['snapshot', 'signing-code', 'collection', 'har']),
  extension: z.string(),
  mediaType: z.string(),
  sources: z.array(z.enum(['oauth1', 'oauth2', 'request'])).readonly(),
});

export const historyHarInputSchema = z.strictObject({
  profileId: z.string().optional(),
  includeSecrets: z.boolean().default(false),
});
