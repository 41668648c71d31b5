import { z } from 'zod';
import {
  historyBodyInputSchema,
  historyBodySchema,
  historyEntrySchema,
  historyPageSchema,
  historyQuerySchema,
} from '../../store/history';
import { historyRecordSchema, historyVerdictSchema } from '../../store/history-record';
import { profileSchema, savableProfileSchema } from '../../store/profile';
import { savedTokenSchema } from '../../store/saved-token';
import { settingsPatchSchema, settingsSchema } from '../../store/settings';

/** The store's methods: profiles, saved tokens, history and settings. */
export const storeSchemas = {
  profile: profileSchema,
  profileSave: z.strictObject({ profile: savableProfileSchema }),
  idInput: z.strictObject({ id: z.string().min(1, 'the id is empty') }),
  deleted: z.strictObject({ deleted: z.boolean() }),
  profilesExportInput: z.strictObject({
    ids: z.array(z.string()).optional(),
    includeSecrets: z.boolean().default(false),
  }),
  profilesExportOutput: z.strictObject({ json: z.string(), secretsIncluded: z.boolean() }),
  profilesImportInput: z.strictObject({
    json: z
      .string()
      .min(1, 'the import is empty; paste or choose a profiles JSON export')
      .max(5 * 1024 * 1024, 'the import is larger than 5 MiB'),
  }),
  profilesImportOutput: z.strictObject({ imported: z.array(profileSchema), renamed: z.array(z.string()) }),
  token: savedTokenSchema,
  tokensListInput: z.strictObject({ profileId: z.string().optional() }).optional(),
  tokenSave: z.strictObject({ token: savedTokenSchema }),
  historyQuery: historyQuerySchema.optional(),
  historyPage: historyPageSchema,
  historyBodyInput: historyBodyInputSchema,
  historyBody: historyBodySchema,
  historyRecord: historyRecordSchema,
  historyAnnotate: z.strictObject({ id: historyEntrySchema.shape.id, ...historyVerdictSchema.shape }),
  annotated: z.strictObject({ annotated: z.boolean() }),
  historyRedirect: z.strictObject({
    record: historyRecordSchema,
    authorizeUrl: z.string().min(1, 'the authorization URL is empty'),
    callbackUrl: z.string().min(1, 'the callback URL is empty'),
    pasted: z.boolean(),
    openedAt: z.number().int('openedAt must be a time in whole milliseconds').nonnegative(),
    ...historyVerdictSchema.shape,
  }),
  redirectRecorded: z.strictObject({ id: historyEntrySchema.shape.id }),
  cleared: z.strictObject({ cleared: z.number().int() }),
  historyImportInput: z.strictObject({
    fileName: z.string().min(1, 'the file name is empty').max(200),
    har: z.string(),
  }),
  historyImported: z.strictObject({
    /** Entries added (0 when keepHistory is off). */
    imported: z.number().int(),
    /** OAuth legs found in the file; only their entries are imported. */
    legs: z.number().int(),
  }),
  settings: settingsSchema,
  settingsPatch: settingsPatchSchema,
};
