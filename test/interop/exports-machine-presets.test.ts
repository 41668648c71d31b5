import { mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type OAuth2Source } from '../../host/export';
import { endpointUrl } from '../../shared/flows/common';
import { findPreset } from '../../shared/presets';
import type { Profile } from '../../shared/store/profile';
import { EMULATED_KEY, PRESET_EMULATIONS, type PresetEmulation } from '../support/emulations/presets';
import { emulatedProfile } from '../support/emulations/presets/emulated-profile';
import { hasRuntime, SYSTEM_RUNTIMES } from '../support/system-runtimes';
import { run, scratch } from '../unit/host/export/mock-session';

/**
 * The client credentials exports with a machine-to-machine preset's settings, run against its provider's
 * emulation: told 401 for a stale token, the code gets a new one as the provider documents (Entra: a PS256
 * certificate assertion named by x5t#S256; Okta: HTTP Basic; Auth0: the audience in the form) and calls again.
 */
let files: ReturnType<typeof scratch>;
const running: PresetEmulation[] = [];
const python = hasRuntime('python3Jwt') ? SYSTEM_RUNTIMES.python3Jwt.probe[0] : null;

beforeAll(() => {
  files = scratch();
  mkdirSync(join(files.dir, 'node_modules'));
  symlinkSync(resolve('node_modules/jose'), join(files.dir, 'node_modules', 'jose'));
});
afterAll(async () => {
  for (const e of running) for (const s of e.servers) await s.close();
  files.remove();
});

async function emulated(id: string): Promise<{ emulation: PresetEmulation; profile: Profile }> {
  const preset = findPreset(id)!;
  const emulation = await PRESET_EMULATIONS[id]!();
  running.push(emulation);
  return { emulation, profile: emulatedProfile(preset, emulation) };
}

/** The export source for a call to `apiUrl` with a token the provider no longer accepts. */
function staleSource(profile: Profile, apiUrl: string, more: Partial<OAuth2Source>): OAuth2Source {
  const o = profile.oauth2;
  const auth = o.clientAuthentication;
  if (auth !== 'basic' && auth !== 'body' && auth !== 'none' && auth !== 'private_key_jwt')
    throw new Error(`the presets authenticate with basic, body or private_key_jwt, not ${auth}`);
  return {
    kind: 'oauth2',
    grant: 'client_credentials',
    request: { method: 'GET', url: apiUrl, headers: [['Authorization', 'Bearer stale-token']] },
    tokenUrl: endpointUrl(profile.baseUrl, o.tokenPath),
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    clientAuthentication: auth,
    scope: o.scope || null,
    audience: o.tokenParams.find(([n]) => n === 'audience')?.[1] ?? null,
    ...more,
  };
}

async function runs(file: string, runtime: string): Promise<void> {
  const r = await run(runtime, [file]);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout.split('\n')[0]).toBe('200');
}

describe('client credentials exports with the machine-to-machine presets', () => {
  it(
    'Entra with a certificate: Node (jose) and Python (PyJWT) sign PS256 assertions naming it by x5t#S256',
    { timeout: 30_000 },
    async () => {
      const { emulation, profile } = await emulated('entra-client-credentials');
      const source = staleSource(profile, `${emulation.hosts['https://graph.microsoft.com']}/v1.0/organization`, {
        clientAuthentication: 'private_key_jwt',
        clientKey: {
          privateKeyPem: EMULATED_KEY.privateKeyPem,
          alg: 'PS256',
          certificateThumbprint: EMULATED_KEY.x5tS256,
        },
      });
      await runs(
        files.write('entra.mjs', exportRequest({ target: 'node-oauth2', source, includeSecrets: true }).text),
        process.execPath
      );
      if (python)
        await runs(
          files.write('entra.py', exportRequest({ target: 'python-oauth2', source, includeSecrets: true }).text),
          python
        );
      expect(emulation.granted()).toBe(true);
    }
  );
  it('Okta with the secret as HTTP Basic, and Auth0 with the audience in the form', { timeout: 30_000 }, async () => {
    const okta = await emulated('okta-client-credentials');
    const oktaSource = staleSource(okta.profile, `${okta.profile.baseUrl}/api/v1/users`, {});
    await runs(
      files.write('okta.mjs', exportRequest({ target: 'node-oauth2', source: oktaSource, includeSecrets: true }).text),
      process.execPath
    );
    const auth0 = await emulated('auth0-client-credentials');
    const auth0Source = staleSource(auth0.profile, `${auth0.profile.baseUrl}/api/v2/clients`, {});
    expect(auth0Source.audience).toBe('https://api.example.com/');
    const auth0Code = exportRequest({
      target: python ? 'python-oauth2' : 'node-oauth2',
      source: auth0Source,
      includeSecrets: true,
    });
    await runs(files.write(python ? 'auth0.py' : 'auth0.mjs', auth0Code.text), python ?? process.execPath);
    expect(okta.emulation.granted() && auth0.emulation.granted()).toBe(true);
  });
});
