import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppStore } from '../../host/store';
import { startElectronHost, type ElectronHost } from '../electron-host/host';
import { openPage } from './open-page';

/**
 * Tokens the CLI saved appear in the desktop app: the built app, on start, takes in the per-user store the CLI
 * writes (conf's directory under XDG_CONFIG_HOME), sealing the secrets with safeStorage in its own store, and says so.
 */
const configHome = mkdtempSync(join(tmpdir(), 'oauth-lab-cli-config-'));
const TOKEN = 'cli-saved-access-TOKEN-81f2';
const TOKEN_SECRET = 'cli-saved-token-SECRET-77aa';
let host: ElectronHost;

beforeAll(async () => {
  // What `oauth-lab flow --save` leaves behind: a profile and its token in the per-user store.
  const cli = createAppStore({ cwd: join(configHome, 'oauth-lab-nodejs') });
  cli.profileSave({
    profile: {
      id: 'p-cli',
      name: 'Staging (from the CLI)',
      builtIn: false,
      service: false,
      followsMock: false,
      baseUrl: 'https://staging.example.com',
      callbackPort: 8765,
      callbackPath: '/callback',
      redirectUri: '',
      headers: [],
      oauth1: {
        requestTokenPath: '/oauth/v1/request_token',
        authorizePath: '/oauth/v1/authorize',
        accessTokenPath: '/oauth/v1/access_token',
        apiPath: '/api/v1/me',
        consumerKey: 'ck',
        consumerSecret: 'cs',
        rsaPrivateKey: '',
        useOob: false,
        signatureMethod: 'HMAC-SHA1',
        realm: '',
        placement: 'header',
        includeVersion: true,
        legMethod: 'POST',
      },
      oauth2: {
        authorizePath: '/oauth/v2/authorize',
        tokenPath: '/oauth/v2/token',
        apiPath: '/api/v2/me',
        clientId: '',
        clientSecret: '',
        scope: '',
        pkce: 'S256',
        clientAuthentication: 'body',
        assertionKey: '',
        assertionKeyId: '',
        assertionAlg: '',
        assertionAudience: 'token_endpoint',
        dpop: false,
        dpopKey: '',
        clientCertificate: '',
        clientKey: '',
        issuer: '',
        jwksUri: '',
        revocationEndpoint: '',
        introspectionEndpoint: '',
        deviceAuthorizationEndpoint: '',
        issRequired: false,
        accessTokenField: '',
        tokenParams: [],
        tokenBody: 'form',
      },
      caCertificates: '',
      allowSelfSigned: false,
      timeoutMs: 30_000,
    },
  });
  cli.tokenSave({
    token: {
      id: 't-cli',
      profileId: 'p-cli',
      kind: 'oauth1',
      token: TOKEN,
      tokenSecret: TOKEN_SECRET,
      refreshToken: '',
      scope: '',
      obtainedAt: Date.now(),
      expiresAt: null,
      label: '',
    },
  });
  host = await startElectronHost({ encryption: true, configHome });
}, 60_000);
afterAll(async () => {
  await host?.close();
  rmSync(configHome, { recursive: true, force: true });
});

it('lists the profile and the token the CLI saved, sealed in the app store, and says where they came from', async () => {
  const page = await host.mainPage();
  const [info, tokens] = await page.evaluate(async () => {
    const bridge = (window as unknown as { oauthLab: Record<string, (i?: unknown) => Promise<{ value?: unknown }>> })
      .oauthLab;
    return [(await bridge.appInfo!()).value, (await bridge.tokensList!({ profileId: 'p-cli' })).value] as const;
  });
  expect((info as { notices: string[] }).notices).toEqual([
    expect.stringMatching(/^Took in 1 profile and 1 saved token from the store the CLI and browser mode use/),
  ]);
  expect(tokens).toEqual([expect.objectContaining({ id: 't-cli', token: TOKEN, label: 'saved by the CLI' })]);

  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'Edit Staging (from the CLI)' }).click();
  await page.getByText('saved by the CLI').waitFor();

  const stored = readFileSync(join(host.userData, 'store.json'), 'utf8');
  expect(stored).not.toContain(TOKEN);
  expect(stored).not.toContain(TOKEN_SECRET);
  expect(stored).toContain('"$enc"');
});
