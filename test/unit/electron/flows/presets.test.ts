import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS, presetProfileInput, type Preset } from '../../../../shared/presets';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { EMULATED_CLIENT, PRESET_EMULATIONS, type PresetEmulation } from '../../../support/emulations/presets';
import { runProfileFlow } from './run-profile-flow';

// Each preset, started as a user would (credentials typed in), runs a whole flow against an emulation of the
// provider's documented behaviour (test/support/emulations/presets/, each citing the documentation).

const running: PresetEmulation[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) for (const s of e.servers) await s.close();
});

/** The preset's profile with every real origin replaced by the emulation serving it. */
function emulatedProfile(preset: Preset, emulation: PresetEmulation): Profile {
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

describe('provider presets', () => {
  it('every preset has an emulation, cites https documentation and names only https endpoints', () => {
    expect(Object.keys(PRESET_EMULATIONS).sort()).toEqual(PRESETS.map((p) => p.id).sort());
    for (const p of PRESETS) {
      expect(p.docs.length).toBeGreaterThan(0);
      for (const d of p.docs) expect(d).toMatch(/^https:\/\//);
      expect(JSON.stringify(p.profile)).not.toMatch(/http:\/\//);
      expect(() => profileSchema.parse(presetProfileInput(p, 'x', p.name))).not.toThrow();
    }
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s: the documented settings obtain tokens from its emulation',
    async (_id, preset) => {
      const emulation = await PRESET_EMULATIONS[preset.id]!();
      running.push(emulation);
      const r = await runProfileFlow(preset.protocol, emulatedProfile(preset, emulation));
      expect(emulation.granted()).toBe(true);
      expect(r.ok ? '' : `${r.step}: ${r.message}\n${r.stderr}`).toBe('');
      if (r.ok) expect(r.fields).toMatchObject(emulation.expected ?? {});
    }
  );

  it('without a documented setting the emulation answers as the provider would: Reddit without its User-Agent, Google without access_type=offline', async () => {
    const reddit = PRESETS.find((p) => p.id === 'reddit')!;
    const e = await PRESET_EMULATIONS.reddit!();
    running.push(e);
    const r = await runProfileFlow('oauth2', { ...emulatedProfile(reddit, e), headers: [] });
    expect(e.granted()).toBe(false);
    expect(r.ok).toBe(false);
    expect(r.stderr).toMatch(/<- 429/);
    const google = PRESETS.find((p) => p.id === 'google')!;
    const g = await PRESET_EMULATIONS.google!();
    running.push(g);
    const profile = emulatedProfile(google, g);
    const online = await runProfileFlow('oauth2', {
      ...profile,
      oauth2: { ...profile.oauth2, authorizePath: '/o/oauth2/v2/auth' },
    });
    expect(online.ok && online.fields).toMatchObject({ access_token: 'ya29.emulated' });
    expect(online.ok && online.fields.refresh_token).toBeUndefined();
  });
});
