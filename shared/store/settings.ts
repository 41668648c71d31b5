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
export const settingsPatchSchema = settingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
