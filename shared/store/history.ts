import { z } from 'zod';
import { exchangeSchema } from '../bridge/schemas/http';

/** One exchange of a flow or of the request signer, newest first in the store (bounded). */
export const historyEntrySchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  profileId: z.string(),
  flow: z.enum(['oauth1', 'oauth2', 'signer']),
  /** The leg, e.g. requestToken, accessToken, token, api, refresh. */
  leg: z.string().min(1).max(40),
  outcome: z.enum(['succeeded', 'failed']),
  summary: z.string().max(2000),
  at: z.number().int().nonnegative(),
  /** Secrets in headers and bodies are kept only in encrypted form at rest. */
  exchange: exchangeSchema,
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.strictObject({
  profileId: z.string().optional(),
  flow: z.enum(['oauth1', 'oauth2', 'signer']).optional(),
  leg: z.string().optional(),
  outcome: z.enum(['succeeded', 'failed']).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const HISTORY_LIMIT = 5000;
