import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { profileSchema } from '../../../../shared/store/profile';
import { json } from '../../../support/emulations/provider-emulation';
import { startOAuth2Emulation } from '../../../support/emulations/presets/oauth2-emulation';
import { flowInProcess, follow, type Browser } from './flow-in-process';
import { scratchDir } from '../../../support/scratch-dir';

// `oauth-lab flow … --save NAME`: the tokens obtained are never lost, whatever happens after the token endpoint.

const ACCESS = 'access-token-0123456789abcdef';
const REFRESH = 'refresh-token-fedcba9876543210';
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function provider() {
  const e = await startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/token',
    clientId: 'cid',
    clientSecret: 'client-secret-value',
    clientAuth: 'body',
    tokenResponse: () => json({ access_token: ACCESS, token_type: 'bearer', expires_in: 60, refresh_token: REFRESH }),
  });
  servers.push(e);
  return [
    'oauth2',
    '--base-url',
    e.main.base,
    '--authorize-path',
    '/authorize',
    '--token-path',
    '/token',
    '--client-id',
    'cid',
    '--client-secret',
    'client-secret-value',
    '--no-history',
  ];
}
const storeDir = () => scratchDir('oauth-lab-save-');

describe('oauth-lab flow --save', () => {
  it('an existing profile (by name) gets the tokens; stdout shows them shortened, not whole', async () => {
    const dir = storeDir();
    createAppStore({ cwd: dir }).profileSave({
      profile: profileSchema.parse({ id: 'work', name: 'Work API', baseUrl: 'https://api.example.com' }),
    });
    const r = await flowInProcess([...(await provider()), '--save', 'Work API', '--store-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/Tokens saved under the profile "Work API"/);
    expect(r.out).toContain('access_token=…cdef (29 chars)\n');
    expect(r.out).toContain('token_type=bearer\n');
    expect(r.out).not.toContain(ACCESS);
    expect(r.out).not.toContain(REFRESH);
    expect(createAppStore({ cwd: dir }).tokensList({ profileId: 'work' })).toMatchObject([
      { kind: 'oauth2', token: ACCESS, refreshToken: REFRESH, profileId: 'work', label: 'oauth-lab flow oauth2' },
    ]);
  });

  it('no profile of that name: it is created from the flags (said before the browser opens) and holds the tokens', async () => {
    const dir = storeDir();
    const args = await provider();
    const r = await flowInProcess([...args, '--save', 'GitHub', '--store-dir', dir, '--json']);
    expect(r.code).toBe(0);
    expect(r.err.indexOf('no profile has the id or name "GitHub"')).toBeLessThan(
      r.err.indexOf('Open this URL to authorize')
    );
    expect(r.err).toMatch(
      /Created the profile "GitHub" from this flow's settings\. Tokens saved under the profile "GitHub"/
    );
    expect(JSON.parse(r.out)).toMatchObject({ access_token: ACCESS, refresh_token: REFRESH });
    const store = createAppStore({ cwd: dir });
    const created = store.profilesList(undefined).find((p) => p.name === 'GitHub')!;
    expect(created).toMatchObject({
      baseUrl: args[2],
      builtIn: false,
      oauth2: {
        authorizePath: '/authorize',
        tokenPath: '/token',
        clientId: 'cid',
        clientSecret: 'client-secret-value',
      },
    });
    expect(store.tokensList({ profileId: created.id })).toMatchObject([{ token: ACCESS, refreshToken: REFRESH }]);
  });

  it('a name no profile can have is refused before the browser opens (exit 2)', async () => {
    const r = await flowInProcess([...(await provider()), '--save', ' ', '--store-dir', storeDir()]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--save " ": no profile has this id or name, and it cannot name a new one: the name is empty/
    );
    expect(r.err).not.toContain('Open this URL');
  });

  it('a failure after the token endpoint (no id_token for scope openid) still prints and saves the tokens', async () => {
    const dir = storeDir();
    const r = await flowInProcess([
      ...(await provider()),
      '--scope',
      'openid',
      '--issuer',
      'https://issuer.example.test',
      '--save',
      'Later failure',
      '--store-dir',
      dir,
      '--json',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/failed at id_token: The token response has no id_token/);
    expect(JSON.parse(r.out)).toMatchObject({ access_token: ACCESS });
    const store = createAppStore({ cwd: dir });
    const saved = store.profilesList(undefined).find((p) => p.name === 'Later failure')!;
    expect(store.tokensList({ profileId: saved.id })).toMatchObject([{ token: ACCESS }]);
  });

  it('when the save itself fails the tokens are printed whole and the exit code is 1', async () => {
    const dir = storeDir();
    // While the user is in the browser, the store's directory becomes a file: nothing can be written there.
    const breakStore: Browser = async (url, stdin) => {
      rmSync(dir, { recursive: true });
      writeFileSync(dir, 'not a directory');
      return follow(url, stdin);
    };
    const r = await flowInProcess([...(await provider()), '--save', 'Broken', '--store-dir', dir], breakStore);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/failed at save: the tokens could not be saved/);
    expect(r.out).toContain('access_token=…cdef (29 chars)\n');
    expect(r.out).toContain(`access_token=${ACCESS}\n`);
    expect(r.out).toContain(`refresh_token=${REFRESH}\n`);
  });
});
