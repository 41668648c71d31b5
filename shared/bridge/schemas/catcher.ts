import { z } from 'zod';

/** The loopback catcher (RFC 8252 (https://www.rfc-editor.org/rfc/rfc8252)) across the bridge: open a wait, then the callback arrives as an event. */
const waitTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('oauth2'),
    state: z.string().nullable(),
    issuer: z.string().optional(),
    issuerRequired: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('oauth1'), requestToken: z.string().min(1, 'the request token is empty') }),
]);

export const catcherOpenInputSchema = z.strictObject({
  /** 0: any free port. A fixed port must match the redirect URI registered with the provider. */
  port: z
    .number()
    .int('the port must be a whole number')
    .min(0, 'the port must be 0 to 65535')
    .max(65535, 'the port must be 0 to 65535'),
  path: z
    .string()
    .regex(/^\/[^?#\s]*$/, 'the callback path must start with "/" and contain no "?", "#" or spaces')
    .default('/callback'),
});

/** Waits on the catcher at `port` and `path`, opening it when needed (port 0: a new one on any free port). */
export const catcherWaitInputSchema = catcherOpenInputSchema.extend({
  target: waitTargetSchema,
  timeoutMs: z
    .number()
    .int()
    .min(1000, 'the timeout must be at least 1000 ms')
    .max(3_600_000, 'the timeout must be at most one hour')
    .optional(),
});

const param = z.tuple([z.string(), z.string()]).readonly();
const check = z.strictObject({
  name: z.string(),
  ok: z.boolean(),
  message: z.string(),
  kind: z.enum(['note', 'warning', 'consequence']).optional(),
});
const caughtBase = {
  url: z.string(),
  path: z.string(),
  query: z.string(),
  params: z.array(param).readonly(),
  receivedAt: z.number(),
  matchedBy: z.enum(['state', 'no_state', 'oauth_token', 'denied']),
  checks: z.array(check).readonly(),
  mayContinue: z.boolean(),
  providerError: z
    .strictObject({
      source: z.enum(['error', 'oauth_problem', 'denied']),
      error: z.string(),
      description: z.string().nullable(),
      uri: z.string().nullable(),
    })
    .nullable(),
};

export const caughtCallbackSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...caughtBase,
    kind: z.literal('oauth2'),
    code: z.string().nullable(),
    state: z.string().nullable(),
    iss: z.string().nullable(),
  }),
  z.strictObject({
    ...caughtBase,
    kind: z.literal('oauth1'),
    oauthToken: z.string().nullable(),
    oauthVerifier: z.string().nullable(),
  }),
]);

export const catcherEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('callback'),
    at: z.number(),
    outcome: z.enum(['matched', 'unmatched', 'already_handled', 'expired', 'not_authorization_response']),
    status: z.number().int(),
    url: z.string(),
    params: z.array(param).readonly(),
  }),
  z.strictObject({
    type: z.literal('rejected'),
    at: z.number(),
    reason: z.enum(['not_found', 'method_not_allowed', 'bad_host']),
    status: z.number().int(),
    method: z.string(),
    path: z.string(),
  }),
]);
