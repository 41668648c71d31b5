import { presetProfileInput, type Preset } from '../../../../shared/presets';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/** The preset's profile as a user starts it (credentials typed in), every real origin replaced by its emulation. */
export function emulatedProfile(preset: Preset, emulation: PresetEmulation): Profile {
  const input = presetProfileInput(preset, 'preset-test', preset.name);
  let text = JSON.stringify(input);
  for (const [origin, base] of Object.entries(emulation.hosts)) text = text.split(origin).join(base);
  const p = profileSchema.parse(JSON.parse(text));
  const creds =
    preset.protocol === 'oauth1'
      ? { oauth1: { ...p.oauth1, consumerKey: EMULATED_CLIENT.id, consumerSecret: EMULATED_CLIENT.secret } }
      : { oauth2: { ...p.oauth2, clientId: EMULATED_CLIENT.id, clientSecret: EMULATED_CLIENT.secret } };
  return { ...p, callbackPort: 0, ...creds };
}
