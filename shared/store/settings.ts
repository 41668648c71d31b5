import { z } from 'zod';
import { HISTORY_MAX_MB } from './history';

export const settingsSchema = z.strictObject({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The profile the flow pages open with. */
  activeProfileId: z.string().default('mock'),
  /** Show each leg's "Explain" panel (issue: shown by default, collapsible). */
  explainOpen: z.boolean().default(true),
  /** Keep a history of exchanges. */
  keepHistory: z.boolean().default(true),
  /** The history's size on disk, bodies included, in MiB; beyond it the oldest exchanges are removed. */
  historyMaxMB: z
    .number()
    .int('the history size must be a whole number of MiB')
    .min(HISTORY_MAX_MB.min, `the history size must be at least ${HISTORY_MAX_MB.min} MiB`)
    .max(HISTORY_MAX_MB.max, `the history size must be at most ${HISTORY_MAX_MB.max} MiB`)
    .default(HISTORY_MAX_MB.default),
});

export type Settings = z.infer<typeof settingsSchema>;
/** Only the fields given: `.partial()` would fill the rest with their defaults and a patch would reset them. */
const { shape } = settingsSchema;
export const settingsPatchSchema = z.strictObject({
  theme: shape.theme.unwrap().optional(),
  activeProfileId: shape.activeProfileId.unwrap().optional(),
  explainOpen: shape.explainOpen.unwrap().optional(),
  keepHistory: shape.keepHistory.unwrap().optional(),
  historyMaxMB: shape.historyMaxMB.unwrap().optional(),
});
