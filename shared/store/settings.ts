import { z } from 'zod';

export const settingsSchema = z.strictObject({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The profile the flow pages open with. */
  activeProfileId: z.string().default('mock'),
  /** Show each leg's "Explain" panel (issue: shown by default, collapsible). */
  explainOpen: z.boolean().default(true),
  /** Keep a history of exchanges. */
  keepHistory: z.boolean().default(true),
});

export type Settings = z.infer<typeof settingsSchema>;
/** Only the fields given: `.partial()` would fill the rest with their defaults and a patch would reset them. */
const { shape } = settingsSchema;
export const settingsPatchSchema = z.strictObject({
  theme: shape.theme.unwrap().optional(),
  activeProfileId: shape.activeProfileId.unwrap().optional(),
  explainOpen: shape.explainOpen.unwrap().optional(),
  keepHistory: shape.keepHistory.unwrap().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
