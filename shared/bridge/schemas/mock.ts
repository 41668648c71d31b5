import { z } from 'zod';
import { exchangeSchema, socketEndSchema } from './http';
import { traceStepSchema } from './oauth1';

/** The embedded mock provider as the bridge shows it: status, its state view, settings and per-request events. */
export const mockStatusSchema = z.strictObject({
  running: z.boolean(),
  /** `http://127.0.0.1:PORT` while running. */
  baseUrl: z.string().nullable(),
  /** `https://127.0.0.1:PORT`, the mutual-TLS port (RFC 8705): only while running with a local CA. */
  mtlsBaseUrl: z.string().optional(),
});

/** Lifetimes (seconds) and strictness switches; the provider validates a patch and names what is wrong. */
export const mockSettingsSchema = z.strictObject({
  lifetimes: z.record(z.string(), z.number()),
  switches: z.record(z.string(), z.union([z.boolean(), z.number(), z.string(), z.array(z.string())])),
});
export const mockSettingsPatchSchema = z.strictObject({
  lifetimes: z.record(z.string(), z.unknown()).optional(),
  switches: z.record(z.string(), z.unknown()).optional(),
});

const iso = z.string();
const row = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/** What the mock holds, values only (never secrets), with expiry derived from its clock. */
export const mockStateSchema = z.strictObject({
  config: z.looseObject({
    baseUrl: z.string(),
    consumers: z.array(z.looseObject({ key: z.string() })),
    clients: z.array(z.looseObject({ id: z.string() })),
    users: z.array(z.string()),
  }),
  settings: mockSettingsSchema,
  state: z.looseObject({
    now: iso,
    clockOffsetSeconds: z.number(),
    oauth1: z.looseObject({
      requestTokens: z.array(row({ token: z.string(), status: z.string(), expiresAt: iso })),
      accessTokens: z.array(row({ token: z.string(), status: z.string() })),
    }),
    oauth2: z.looseObject({
      codes: z.array(row({ code: z.string(), status: z.string(), expiresAt: iso })),
      accessTokens: z.array(row({ token: z.string(), status: z.string(), expiresAt: iso })),
      refreshTokens: z.array(row({ token: z.string(), status: z.string(), expiresAt: iso })),
    }),
  }),
});

const providerSignatureSchema = z.strictObject({
  signatureMethod: z.string().nullable(),
  placement: z.string().nullable(),
  clientSignature: z.string().nullable(),
  expectedSignature: z.string().nullable(),
  baseStringUri: z.string().nullable(),
  normalizedParameters: z.string().nullable(),
  baseString: z.string().nullable(),
  steps: z.array(traceStepSchema).readonly(),
  error: z.string().nullable(),
});

/** One request the mock saw: the exchange, its own signature trace and its verdict. */
export const providerEventSchema = z.strictObject({
  id: z.number().int(),
  at: iso,
  endpoint: z.string(),
  exchange: exchangeSchema,
  verdict: z.strictObject({ ok: z.boolean(), reason: z.string(), message: z.string() }),
  signature: providerSignatureSchema.nullable(),
  assumptions: z.array(z.string()).readonly(),
  /** The remote end of the socket the request arrived on: the sender's `local` (optional for older senders of events). */
  client: socketEndSchema.nullable().optional(),
});

export const clockViewSchema = z.strictObject({ now: iso, offsetSeconds: z.number() });
export const deauthorizeResultSchema = z.strictObject({ token: z.string(), status: z.string(), deauthorizedAt: iso });
