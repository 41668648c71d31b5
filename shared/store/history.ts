import { z } from 'zod';
import { exchangeSchema } from '../bridge/schemas/http';

/**
 * Whose exchanges the history holds: a flow page or command, the request signer, the MCP client, and the requests
 * a client sent the app's grader (the *Grade a client* page records what its issuers saw), and an audit's requests.
 */
const HISTORY_FLOWS = ['oauth1', 'oauth2', 'signer', 'mcp', 'grade', 'audit'] as const;

/** One exchange of a flow or of the request signer, newest first in the store (bounded by size, see settings). */
export const historyEntrySchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  profileId: z.string(),
  flow: z.enum(HISTORY_FLOWS),
  /** The leg, e.g. requestToken, accessToken, token, api, refresh. */
  leg: z.string().min(1).max(40),
  outcome: z.enum(['succeeded', 'failed']),
  summary: z.string().max(2000),
  at: z.number().int().nonnegative(),
  /** Secrets in headers and bodies are kept only in encrypted form at rest. */
  exchange: exchangeSchema,
  /** The mistake the sender made on purpose in this exchange, by name (a flow page's mistake menus). */
  mistake: z.string().min(1).max(200).optional(),
  /** Set on an entry imported from a HAR file (historyImport): the file's name. Not sent by the app. */
  imported: z.string().min(1).max(200).optional(),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The bodies a history entry has: the request's (`request.body`) and the response's (`response.bodyText`). */
export const bodyPartSchema = z.enum(['request', 'response']);
export type BodyPart = z.infer<typeof bodyPartSchema>;

/**
 * Listed entries carry at most this many characters of each body, so a page of the list stays small whatever
 * the exchanges hold; historyBody gives the rest.
 */
export const HISTORY_PREVIEW_CHARS = 16 * 1024;
/** The most characters one historyBody call returns. */
const HISTORY_BODY_CHUNK_MAX = 1024 * 1024;

/**
 * An entry as historyList gives it. `cut` names each body that is only its first HISTORY_PREVIEW_CHARS characters
 * here, with its whole length in characters.
 */
export const historyListedEntrySchema = historyEntrySchema.extend({
  cut: z
    .strictObject({
      request: z.number().int().nonnegative().optional(),
      response: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type HistoryListedEntry = z.infer<typeof historyListedEntrySchema>;

export const historyQuerySchema = z.strictObject({
  profileId: z.string().optional(),
  flow: z.enum(HISTORY_FLOWS).optional(),
  leg: z.string().optional(),
  outcome: z.enum(['succeeded', 'failed']).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** How much the history holds on disk, beside its bound (settings.historyMaxMB). */
export const historyUsageSchema = z.strictObject({
  entries: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  maxBytes: z.number().int().positive(),
  /** Where the history is kept (a directory), for the user to see. */
  location: z.string(),
});
export type HistoryUsage = z.infer<typeof historyUsageSchema>;

export const historyPageSchema = z.strictObject({
  entries: z.array(historyListedEntrySchema),
  total: z.number().int(),
  usage: historyUsageSchema,
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyBodyInputSchema = z.strictObject({
  id: historyEntrySchema.shape.id,
  part: bodyPartSchema,
  offset: z
    .number()
    .int('the offset must be a whole number of characters')
    .min(0, 'the offset must be 0 or more')
    .default(0),
  length: z
    .number()
    .int()
    .min(1, 'the length must be at least 1')
    .max(HISTORY_BODY_CHUNK_MAX, `the length must be at most ${HISTORY_BODY_CHUNK_MAX} characters`)
    .default(HISTORY_BODY_CHUNK_MAX),
});
/** `text` is characters offset..offset+text.length of the body; `total` its whole length in characters. */
export const historyBodySchema = z.strictObject({
  text: z.string(),
  offset: z.number().int(),
  total: z.number().int(),
});

/** The history's size bound in MiB (settings.historyMaxMB): the oldest exchanges are removed beyond it. */
export const HISTORY_MAX_MB = { default: 256, min: 1, max: 100 * 1024 } as const;
