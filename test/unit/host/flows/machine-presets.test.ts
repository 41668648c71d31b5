import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS, type Preset } from '../../../../shared/presets';
import type { Profile } from '../../../../shared/store/profile';
import { EMULATED_KEY, PRESET_EMULATIONS, type PresetEmulation } from '../../../support/emulations/presets';
import { emulatedProfile } from '../../../support/emulations/presets/emulated-profile';
import { clientCredentialsToken, deviceFlowToken } from '../../../support/machine-grant-client';

// The machine-to-machine presets (client credentials, RFC 6749 §4.4; device authorization, RFC 8628), each run with
// its documented settings against an emulation of its provider (test/support/emulations/presets/, citing the
// documentation), through a stand-in for the flow driver's grants (test/support/machine-grant-client.ts).

const running: PresetEmulation[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) for (const s of e.servers) await s.close();
});

const machinePresets = PRESETS.filter((p) => p.machine);
const preset = (id: string): Preset => machinePresets.find((p) => p.id === id)!;

async function emulated(p: Preset): Promise<{ emulation: PresetEmulation; profile: Profile }> {
  const emulation = await PRESET_EMULATIONS[p.id]!();
  running.push(emulation);
  return { emulation, profile: emulatedProfile(p, emulation) };
}

describe('machine-to-machine presets', () => {
  it('are Microsoft Entra, Okta, Auth0 (client credentials) and GitHub (device flow), each citing its documentation', () => {
    expect(machinePresets.map((p) => [p.id, p.machine!.grant])).toEqual([
      ['entra-client-credentials', 'client_credentials'],
      ['okta-client-credentials', 'client_credentials'],
      ['auth0-client-credentials', 'client_credentials'],
      ['github-device', 'device_code'],
    ]);
    for (const p of machinePresets) expect(p.docs.every((d) => d.startsWith('https://'))).toBe(true);
  });

  it.each(machinePresets.filter((p) => p.machine!.grant === 'client_credentials').map((p) => [p.id, p] as const))(
    '%s: the documented client credentials request with the secret gets a token',
    async (_id, p) => {
      const { emulation, profile } = await emulated(p);
      const r = await clientCredentialsToken(profile);
      expect(r.status, JSON.stringify(r.fields)).toBe(200);
      expect(r.fields).toMatchObject(emulation.expected ?? {});
      expect(r.fields.refresh_token).toBeUndefined();
      expect(emulation.granted()).toBe(true);
    }
  );

  it.each(
    machinePresets
      .filter((p) => p.machine!.grant === 'client_credentials' && p.machine!.privateKeyJwt)
      .map((p) => [p.id, p] as const)
  )('%s: a private_key_jwt assertion as documented (alg, key header) gets a token', async (_id, p) => {
    const { emulation, profile } = await emulated(p);
    const documented = (p.machine as { privateKeyJwt: { alg: string; keyHeader: 'kid' | 'x5t#S256' } }).privateKeyJwt;
    const header: Record<string, string> =
      documented.keyHeader === 'kid' ? { kid: EMULATED_KEY.kid } : { 'x5t#S256': EMULATED_KEY.x5tS256 };
    const key = { privateKeyPem: EMULATED_KEY.privateKeyPem, alg: documented.alg, header };
    const r = await clientCredentialsToken(profile, key);
    expect(r.status, JSON.stringify(r.fields)).toBe(200);
    expect(emulation.granted()).toBe(true);
    // Named the other way, the provider does not find the key.
    const other: Record<string, string> =
      documented.keyHeader === 'kid' ? { 'x5t#S256': EMULATED_KEY.x5tS256 } : { kid: EMULATED_KEY.kid };
    const refused = await clientCredentialsToken(profile, { ...key, header: other });
    expect(refused).toMatchObject({ status: 401, fields: { error: 'invalid_client' } });
  });

  it('without what each documents, each provider refuses as it does: Entra without /.default, Okta without a scope, Auth0 without the audience', async () => {
    const entra = await emulated(preset('entra-client-credentials'));
    const noDefault = {
      ...entra.profile,
      oauth2: { ...entra.profile.oauth2, scope: 'https://graph.microsoft.com/User.Read.All' },
    };
    expect(await clientCredentialsToken(noDefault)).toMatchObject({ status: 400, fields: { error: 'invalid_scope' } });
    const okta = await emulated(preset('okta-client-credentials'));
    const noScope = { ...okta.profile, oauth2: { ...okta.profile.oauth2, scope: '' } };
    expect(await clientCredentialsToken(noScope)).toMatchObject({ status: 400, fields: { error: 'invalid_scope' } });
    const inBody = { ...okta.profile, oauth2: { ...okta.profile.oauth2, clientAuthentication: 'body' as const } };
    expect(await clientCredentialsToken(inBody)).toMatchObject({ status: 401, fields: { error: 'invalid_client' } });
    const auth0 = await emulated(preset('auth0-client-credentials'));
    const noAudience = { ...auth0.profile, oauth2: { ...auth0.profile.oauth2, tokenParams: [] } };
    expect(await clientCredentialsToken(noAudience)).toMatchObject({ status: 403, fields: { error: 'access_denied' } });
    expect([entra, okta, auth0].some((e) => e.emulation.granted())).toBe(false);
  });

  it('github-device: the device code, authorization_pending with status 200 before the user enters the code, then the token', async () => {
    const p = preset('github-device');
    const { emulation, profile } = await emulated(p);
    const setup = p.machine as Extract<NonNullable<Preset['machine']>, { grant: 'device_code' }>;
    const r = await deviceFlowToken(profile, setup, async (uri, userCode) => {
      expect(uri).toBe('https://github.com/login/device');
      const page = `${emulation.hosts['https://github.com']}/login/device?user_code=${encodeURIComponent(userCode)}`;
      expect((await fetch(page)).status).toBe(200);
    });
    expect(r.authorization).toMatchObject({
      status: 200,
      fields: { user_code: 'WDJB-MJHT', interval: 5, expires_in: 900 },
    });
    expect(r.pending).toMatchObject({ status: 200, fields: { error: 'authorization_pending' } });
    expect(r.token).toMatchObject({ status: 200, fields: emulation.expected });
    expect(emulation.granted()).toBe(true);
    // Without Accept: application/json GitHub answers a form, which the preset's header avoids.
    const { profile: plain } = await emulated(p);
    const form = await deviceFlowToken({ ...plain, headers: [] }, setup, async () => {});
    expect(form.authorization.fields).toMatchObject({ interval: '5' });
  });
});
