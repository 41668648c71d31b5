import { z } from 'zod';

/** Which host the renderer runs in, and how secrets are kept there, so the UI can say so. */
export const appInfoSchema = z.strictObject({
  host: z.enum(['electron', 'web']),
  version: z.string(),
  /** `encrypted`: OS keychain via safeStorage; `file`: a file readable only by this user (no keyring, or browser mode). */
  secretStorage: z.enum(['encrypted', 'file']),
  /** A visible notice from start-up, e.g. a corrupt store moved aside. */
  notices: z.array(z.string()).readonly(),
  /** Where profiles, tokens, history and settings are kept (the store file), so the UI can say so. */
  storePath: z.string().optional(),
});

export const openUrlInputSchema = z.strictObject({
  url: z.string().refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'only http:// and https:// URLs can be opened'),
  /** `system`: the default browser (RFC 8252 §8.12 (https://www.rfc-editor.org/rfc/rfc8252#section-8.12), real providers). `app-window`: the mock's login page in its own window. */
  target: z.enum(['system', 'app-window']),
});
export const openUrlOutputSchema = z.strictObject({ openedIn: z.enum(['system', 'app-window']) });

export const exportFileInputSchema = z.strictObject({
  suggestedName: z
    .string()
    .regex(
      /^[^/\\:*?"<>|\u0000-\u001f]{1,120}$/,
      'the file name must be 1 to 120 characters without / \\ : * ? " < > |'
    ),
  content: z.string().max(50 * 1024 * 1024, 'exports are limited to 50 MiB'),
});
/** `saved: false` when the user cancelled the save dialog. */
export const exportFileOutputSchema = z.strictObject({ saved: z.boolean(), path: z.string().nullable() });
