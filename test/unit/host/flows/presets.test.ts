import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS, presetProfileInput } from '../../../../shared/presets';
import { profileSchema } from '../../../../shared/store/profile';
import { PRESET_EMULATIONS, type PresetEmulation } from '../../../support/emulations/presets';
import { emulatedProfile } from '../../../support/emulations/presets/emulated-profile';
import { runProfileFlow } from './run-profile-flow';

// Each preset, started as a user would (credentials typed in), runs a whole flow against an emulation of the
// provider's documented behaviour (test/support/emulations/presets/, each citing the documentation). The
// machine-to-machine presets run their own grants (machine-presets.test.ts).

const running: PresetEmulation[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) for (const s of e.servers) await s.close();
});

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

  it.each(PRESETS.filter((p) => !p.machine).map((p) => [p.id, p] as const))(
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
