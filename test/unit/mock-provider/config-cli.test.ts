import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfig, parseConfig, parseConfigText } from '../../../mock-provider';
import { send } from './helpers';
import { scratchDir } from '../../support/scratch-dir';

describe('configuration', () => {
  it('built-in defaults are the documented credentials', () => {
    const c = defaultConfig();
    expect(c.oauth1.consumers).toEqual([
      { key: 'oauth-lab-consumer', secret: 'oauth-lab-consumer-secret', callback: 'http://127.0.0.1:8765/callback' },
    ]);
    expect(c.oauth2.clients).toEqual([
      {
        id: 'oauth-lab-client',
        secret: 'oauth-lab-client-secret',
        redirectUris: ['http://127.0.0.1:8765/callback'],
        grantTypes: [
          'authorization_code',
          'refresh_token',
          'client_credentials',
          'urn:ietf:params:oauth:grant-type:device_code',
          'urn:ietf:params:oauth:grant-type:jwt-bearer',
          'urn:ietf:params:oauth:grant-type:token-exchange',
        ],
        // Its demo public key (docs/mock.md): the built-in profile signs request objects ES256 with the private half.
        jwks: {
          keys: [
            {
              kty: 'EC',
              crv: 'P-256',
              x: '1PvR-BrnqqJvpAbV5z01zuUKfYh_PljvA_KZEB6yXyc',
              y: 'fsGazxCAk44M1_vN8xHZB7sCw_EeCEdBElKj6wTiaow',
              kid: 'oauth-lab-client-demo',
              alg: 'ES256',
              use: 'sig',
            },
          ],
        },
      },
    ]);
    expect(c.users).toEqual([{ username: 'demo', password: 'demo' }]);
    expect(c.lifetimes).toEqual({
      requestTokenTtl: 600,
      codeTtl: 60,
      accessTokenTtl: 3600,
      refreshTokenTtl: 2592000,
      idTokenTtl: 600,
      requestUriTtl: 60,
    });
    expect(c.switches.signatureMethods).toEqual(['HMAC-SHA1']);
  });

  it('errors name every wrong field and what is expected', () => {
    let message = '';
    try {
      parseConfig(
        {
          oauth1: { consumers: [{ key: '', secret: 's', callback: 'ftp://x' }] },
          lifetimes: { codeTtl: 1.5 },
          switches: { signatureMethods: ['MD5'] },
          extra: 1,
        },
        'my.json'
      );
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toContain('my.json is not a valid mock provider configuration');
    expect(message).toContain('oauth1.consumers[0].key: key must not be empty');
    expect(message).toContain('oauth1.consumers[0].callback: must be an absolute http(s) URI');
    expect(message).toContain('lifetimes.codeTtl: codeTtl must be a whole number of seconds');
    expect(message).toContain('switches.signatureMethods[0]: must be one of HMAC-SHA1');
    expect(message).toContain('unknown key "extra"');
  });

  it("a client's authentication fields are checked, each wrong one named", () => {
    const client = { id: 'c', redirectUris: ['http://127.0.0.1:8765/callback'] };
    let message = '';
    try {
      parseConfig({
        oauth2: {
          clients: [
            {
              ...client,
              tokenEndpointAuthMethod: 'magic',
              jwks: { keys: [{ n: 'no kty' }] },
              jwksUri: 'not a url',
              scopes: ['has space'],
              tlsClientAuthSubjectDn: '',
            },
          ],
        },
      });
    } catch (e) {
      message = (e as ConfigError).message;
    }
    expect(message).toContain('oauth2.clients[0].tokenEndpointAuthMethod: must be one of client_secret_basic');
    expect(message).toContain('oauth2.clients[0].jwks.keys[0].kty');
    expect(message).toContain('oauth2.clients[0].jwksUri: jwksUri must be an absolute URL');
    expect(message).toContain('oauth2.clients[0].scopes[0]: a scope is one or more printable ASCII characters');
    expect(message).toContain('oauth2.clients[0].tlsClientAuthSubjectDn: tlsClientAuthSubjectDn must not be empty');
    const ok = parseConfig({
      oauth2: {
        clients: [{ ...client, tokenEndpointAuthMethod: 'private_key_jwt', jwksUri: 'http://127.0.0.1:9/jwks' }],
      },
    });
    expect(ok.oauth2.clients[0]).toMatchObject({
      tokenEndpointAuthMethod: 'private_key_jwt',
      jwksUri: 'http://127.0.0.1:9/jwks',
    });
  });

  it('duplicate ids and invalid JSON are reported', () => {
    expect(() =>
      parseConfig({
        users: [
          { username: 'a', password: '1' },
          { username: 'a', password: '2' },
        ],
      })
    ).toThrow('username "a" appears more than once');
    expect(() => parseConfigText('{"users": [', 'broken.json')).toThrow(/^broken\.json is not valid JSON/);
    expect(() => parseConfigText('[]', 'list.json')).toThrow('must contain a JSON object');
  });
});

const CLI = join(__dirname, '../../../bin/oauth-lab.mjs');

function run(
  args: string[],
  until?: RegExp
): Promise<{ code: number | null; stdout: string; stderr: string; kill: () => Promise<number | null> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const kill = async () => {
      child.kill('SIGTERM');
      return exited;
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (until?.test(stdout)) resolve({ code: null, stdout, stderr, kill });
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    void exited.then((code) => resolve({ code, stdout, stderr, kill }));
  });
}

describe('oauth-lab mock (CLI)', () => {
  it('--port 0 prints the base URL when ready, serves, and stops cleanly on SIGTERM', async () => {
    const p = await run(['mock', '--port', '0', '--auto-login', 'demo'], /\n/);
    expect(p.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    const base = p.stdout.trim();
    const r = await send(base, {
      path: '/oauth/v2/authorize?client_id=oauth-lab-client&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&response_type=code&state=s',
    });
    expect(r.status).toBe(302);
    expect(String(r.headers.location)).toMatch(
      /^http:\/\/127\.0\.0\.1:8765\/callback\?code=c-.+&state=s&iss=http%3A%2F%2F127\.0\.0\.1%3A\d+$/
    );
    expect(await p.kill()).toBe(0);
  });

  it('bad flags exit 2 with a clear message', async () => {
    const a = await run(['mock', '--port', 'eighty']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--port must be a whole number from 0 to 65535');
    const b = await run(['mock', '--verbose']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('unknown flag "--verbose"');
    const c = await run(['mock', '--auto-login', 'mallory']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--auto-login "mallory" is not a user');
  });

  it('a bad config file exits 2 naming the file and the field', async () => {
    const dir = scratchDir('oauth-lab-');
    const file = join(dir, 'mock.json');
    writeFileSync(file, JSON.stringify({ users: [{ username: 'x' }] }));
    const r = await run(['mock', '--config', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file} is not a valid mock provider configuration:\n  users[0].password`);
    expect(r.stderr).not.toContain('\\n');
    const missing = await run(['mock', '--config', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });

  it('a config file is used', async () => {
    const dir = scratchDir('oauth-lab-');
    const file = join(dir, 'mock.json');
    writeFileSync(
      file,
      JSON.stringify({ users: [{ username: 'alice', password: 'pw' }], lifetimes: { requestTokenTtl: 77 } })
    );
    const p = await run(['mock', '--config', file, '--auto-login', 'alice'], /\n/);
    const state = JSON.parse((await send(p.stdout.trim(), { path: '/_mock/state' })).body) as {
      config: { users: string[]; autoLoginUser: string };
      settings: { lifetimes: { requestTokenTtl: number } };
    };
    expect(state.config.users).toEqual(['alice']);
    expect(state.config.autoLoginUser).toBe('alice');
    expect(state.settings.lifetimes.requestTokenTtl).toBe(77);
    expect(await p.kill()).toBe(0);
  });

  it('a port in use exits 1 and says so', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await run(['mock', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});
