import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../../shared/version';
import { json, startEmulation, type Emulation } from '../../../support/emulations/provider-emulation';
import { startOAuth1Emulation } from '../../../support/emulations/presets/oauth1-emulation';
import { startOAuth2Emulation } from '../../../support/emulations/presets/oauth2-emulation';
import { startGitHub } from '../../../support/emulations/presets/github';
import { EMULATED_CLIENT } from '../../../support/emulations/presets/preset-emulation';
import { flowInProcess, pasteLanded, type Browser } from './flow-in-process';
import { scratchDir } from '../../../support/scratch-dir';

// `oauth-lab flow` with a real provider's settings, in-process, over real sockets against emulations; this test is
// the browser (and, for a redirect the catcher cannot receive, the user pasting the address bar into stdin).

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const flow = flowInProcess;

const CLIENT = ['--client-id', 'cid', '--client-secret', 'cs'];
const tokenJson = () =>
  json({ access_token: 'at', token_type: 'bearer', expires_in: 60, scope: '', refresh_token: 'rt' }, 200, {
    'Cache-Control': 'no-store',
  });

async function oauth2(clientAuth: 'body' | 'basic' = 'body', tokenOnOtherHost = false) {
  const e = await startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/token',
    tokenOnOtherHost,
    clientId: 'cid',
    clientSecret: 'cs',
    clientAuth,
    tokenResponse: tokenJson,
    redirectNames: { 'ebay-RuName-1234': 'https://app.example.test/accepted' },
  });
  servers.push(e);
  return e;
}
const tokenRequest = (e: Emulation) => e.seen.find((s) => s.url.startsWith('/token'))!;

describe('oauth-lab flow: settings a real provider needs', () => {
  it('a token endpoint on another host, an extra header and the default User-Agent on every request the client sends', async () => {
    const e = await oauth2('body', true);
    const r = await flow([
      'oauth2',
      '--base-url',
      e.main.base,
      '--authorize-path',
      '/authorize',
      '--token-path',
      `${e.token.base}/token`,
      '--header',
      'X-Api-Version: 2',
      ...CLIENT,
      '--json',
    ]);
    expect(r.err).toContain('Flow completed.');
    expect(r.code).toBe(0);
    expect(e.main.seen.some((s) => s.url.startsWith('/token'))).toBe(false);
    const t = tokenRequest(e.token);
    expect(t.headers['x-api-version']).toBe('2');
    expect(t.headers['user-agent']).toBe(`OAuth-Lab/${APP_VERSION}`);
    // RFC 6749 §4.1.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1) has no grant_type on the authorization URL: off unless asked for.
    expect(e.lastAuthorize().has('grant_type')).toBe(false);
  });

  it('--header User-Agent replaces the default; --grant-type-in-authorize sends grant_type as the service does', async () => {
    const e = await oauth2();
    const r = await flow([
      'oauth2',
      '--base-url',
      e.main.base,
      '--authorize-path',
      '/authorize',
      '--token-path',
      '/token',
      '--header',
      'User-Agent: my-app/1.0',
      '--grant-type-in-authorize',
      ...CLIENT,
    ]);
    expect(r.code).toBe(0);
    expect(tokenRequest(e.main).headers['user-agent']).toBe('my-app/1.0');
    expect(e.lastAuthorize().get('grant_type')).toBe('authorization_code');
  });

  it('--token-body json, --client-auth none and --token-param: a JSON object with client_id, no secret, the extra parameter', async () => {
    const seen: { type?: string; body?: Record<string, unknown> } = {};
    const authorize = await oauth2();
    const tokenServer = await startEmulation({
      'POST /token': (r) => {
        seen.type = String(r.headers['content-type']);
        seen.body = JSON.parse(r.body) as Record<string, unknown>;
        return tokenJson();
      },
    });
    servers.push(tokenServer);
    const r = await flow([
      'oauth2',
      '--base-url',
      authorize.main.base,
      '--authorize-path',
      '/authorize',
      '--token-path',
      `${tokenServer.base}/token`,
      '--client-id',
      'cid',
      '--client-auth',
      'none',
      '--token-body',
      'json',
      '--token-param',
      'audience=https://api.example.com',
    ]);
    expect(r.code).toBe(0);
    expect(seen.type).toBe('application/json');
    expect(seen.body).toMatchObject({
      client_id: 'cid',
      grant_type: 'authorization_code',
      code: 'emulated-code',
      audience: 'https://api.example.com',
    });
    expect(seen.body).not.toHaveProperty('client_secret');
    expect(tokenServer.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('OAuth 1.0a by POST with the protocol parameters in the form body (RFC 5849 §3.5.2)', async () => {
    const e = await startOAuth1Emulation({
      requestTokenPath: '/rt',
      authorizePath: '/auth',
      accessTokenPath: '/at',
      method: 'POST',
      placement: 'body',
      consumerKey: 'ck',
      consumerSecret: 'cs',
    });
    servers.push(e);
    const r = await flow([
      'oauth1',
      '--base-url',
      e.base,
      '--request-token-path',
      '/rt',
      '--authorize-path',
      '/auth',
      '--access-token-path',
      '/at',
      '--consumer-key',
      'ck',
      '--consumer-secret',
      'cs',
      '--placement',
      'body',
      '--json',
    ]);
    expect(r.err).toContain('Flow completed.');
    expect(JSON.parse(r.out)).toEqual({ oauth_token: 'at-1', oauth_token_secret: 'ats-1' });
    expect(e.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('RSA-SHA256 with the private key read from --private-key FILE, verified with the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const file = join(scratchDir('oauth-lab-key-'), 'key.pem');
    writeFileSync(file, privateKey);
    const e = await startOAuth1Emulation({
      requestTokenPath: '/rt',
      authorizePath: '/auth',
      accessTokenPath: '/at',
      method: 'POST',
      placement: 'header',
      consumerKey: 'ck',
      consumerSecret: '',
      rsaPublicKey: publicKey,
    });
    servers.push(e);
    const r = await flow([
      'oauth1',
      '--base-url',
      e.base,
      '--request-token-path',
      '/rt',
      '--authorize-path',
      '/auth',
      '--access-token-path',
      '/at',
      '--consumer-key',
      'ck',
      '--signature-method',
      'RSA-SHA256',
      '--private-key',
      file,
    ]);
    expect(r.err).toContain('Flow completed.');
    expect(String(e.seen[0]!.headers.authorization)).toContain('oauth_signature_method="RSA-SHA256"');
  });

  it('--redirect-uri that the catcher cannot receive: the URL landed on is pasted on stdin and checked like a callback', async () => {
    const e = await oauth2();
    const r = await flow(
      [
        'oauth2',
        '--base-url',
        e.main.base,
        '--authorize-path',
        '/authorize',
        '--token-path',
        '/token',
        '--redirect-uri',
        'https://app.example.test/oauth/done',
        ...CLIENT,
      ],
      pasteLanded
    );
    expect(r.err).toMatch(/Paste the URL your browser landed on/);
    expect(r.err).toMatch(/ok {3}state matches/);
    expect(r.code).toBe(0);
    expect(e.lastAuthorize().get('redirect_uri')).toBe('https://app.example.test/oauth/done');
    expect(new URLSearchParams(tokenRequest(e.main).body).get('redirect_uri')).toBe(
      'https://app.example.test/oauth/done'
    );
  });

  it('a pasted URL with another state, or another oauth_token, fails the authorize step (RFC 6749 §10.12, RFC 5849 §2.2)', async () => {
    const e = await oauth2();
    const forged: Browser = async (url, stdin) => {
      const r = await fetch(url, { redirect: 'manual' });
      stdin.write(`${r.headers.get('location')!.replace(/state=[^&]+/, 'state=forged')}\n`);
    };
    const r = await flow(
      [
        'oauth2',
        '--base-url',
        e.main.base,
        '--authorize-path',
        '/authorize',
        '--token-path',
        '/token',
        '--redirect-uri',
        'ebay-RuName-1234',
        ...CLIENT,
      ],
      forged
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/failed at authorize: The returned state "forged" is not the state sent/);
    const o1 = await startOAuth1Emulation({
      requestTokenPath: '/rt',
      authorizePath: '/auth',
      accessTokenPath: '/at',
      method: 'POST',
      placement: 'header',
      consumerKey: 'ck',
      consumerSecret: 'cs',
    });
    servers.push(o1);
    const otherToken: Browser = async (url, stdin) => {
      const r1 = await fetch(url, { redirect: 'manual' });
      stdin.write(`${r1.headers.get('location')!.replace(/oauth_token=[^&]+/, 'oauth_token=someone-elses')}\n`);
    };
    const r2 = await flow(
      [
        'oauth1',
        '--base-url',
        o1.base,
        '--request-token-path',
        '/rt',
        '--authorize-path',
        '/auth',
        '--access-token-path',
        '/at',
        '--consumer-key',
        'ck',
        '--consumer-secret',
        'cs',
        '--redirect-uri',
        'https://app.example.test/cb',
      ],
      otherToken
    );
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(/failed at authorize: The returned oauth_token "someone-elses" is not the request token/);
  });

  it("--preset starts from a provider's settings; --base-url and other flags given win", async () => {
    const github = await startGitHub();
    servers.push(...github.servers);
    const r = await flow([
      'oauth2',
      '--preset',
      'github',
      '--base-url',
      github.servers[0]!.base,
      '--client-id',
      EMULATED_CLIENT.id,
      '--client-secret',
      EMULATED_CLIENT.secret,
      '--scope',
      'repo',
      '--json',
    ]);
    expect(r.err).toContain('Flow completed.');
    expect(JSON.parse(r.out)).toMatchObject({ access_token: 'gho_emulated' });
    const authorize = github.servers[0]!.seen.find((s) => s.url.startsWith('/login/oauth/authorize'))!;
    expect(new URLSearchParams(authorize.url.split('?')[1]).get('scope')).toBe('repo');
  });

  it('a machine-to-machine preset is refused by name: it is for flow client-credentials or flow device', async () => {
    const r = await flow(['oauth2', '--preset', 'github-device', '--client-id', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--preset github-device is for oauth-lab flow device (device_code)');
  });
});
