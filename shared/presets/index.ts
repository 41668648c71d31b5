import type { ProfileInput } from '../store/profile';
import { MACHINE_PRESETS } from './machine-presets';
import { OAUTH1_PRESETS } from './oauth1-presets';
import { OAUTH2_PRESETS } from './oauth2-presets';
import type { Preset } from './preset';

export type { MachineSetup, Preset } from './preset';

/** The catalogue, OAuth 2 first (the code grant, then machine to machine), in the order the Profiles page and `--help` list it. */
export const PRESETS: readonly Preset[] = [...OAUTH2_PRESETS, ...MACHINE_PRESETS, ...OAUTH1_PRESETS];
export const PRESET_IDS: readonly string[] = PRESETS.map((p) => p.id);

export const findPreset = (id: string): Preset | undefined => PRESETS.find((p) => p.id === id.trim().toLowerCase());

/** A new profile's input from a preset: its settings, with the id and name given (the schema fills the rest). */
export function presetProfileInput(preset: Preset, id: string, name: string): ProfileInput {
  return { ...preset.profile, id, name };
}
