import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider, updateMockSettings } from '../../../../mock-provider';
import { runCli } from './run-cli';
import { runFlow } from './run-flow';

// `oauth-lab discover` and `oauth-lab flow oauth2 --scope openid` against the embedded mock over real sockets.
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
const { client } = DEFAULT_CREDENTIALS;

describe('oauth-lab discover', () => {
  it('prints the document, the checks and the endpoints; exit 0 when all pass', async () => {
    const r = await runCli(['discover', mock.baseUrl]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`OpenID Connect Discovery 1.0: ${mock.baseUrl}/.well-known/openid-configuration`);
    expect(r.out).toMatch(/ok {3}issuer: issuer is "http:\/\/127\.0\.0\.1:\d+", exactly the URL asked/);
    expect(r.out).toMatch(/jwks {10}http:\/\/127\.0\.0\.1:\d+\/oidc\/jwks/);
    expect(r.out).not.toContain('FAIL');
  });

  it('--json --kind oauth fetches the RFC 8414 document only', async () => {
    const r = await runCli(['discover', mock.baseUrl, '--kind', 'oauth', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({
      ok: true,
      kind: 'oauth-authorization-server',
      url: `${mock.baseUrl}/.well-known/oauth-authorization-server`,
    });
    expect(j.endpoints.token).toBe(`${mock.baseUrl}/oauth/v2/token`);
  });

  it('an issuer that differs from the one asked (a trailing slash) fails the issuer check, exit 1', async () => {
    const r = await runCli(['discover', `${mock.baseUrl}/`, '--json']);
    expect(r.code).toBe(1);
    const issuer = JSON.parse(r.out).checks.find((c: { name: string }) => c.name === 'issuer');
    expect(issuer.ok).toBe(false);
    expect(issuer.message).toContain('it must be exactly the issuer asked');
  });

  it('server text reaches the terminal with control characters escaped (a CSI in the document)', async () => {
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: 'https://x.example/\u009b2J\u001b[31m',
          authorization_endpoint: 'https://x.example/\u009b2J',
        })
      );
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      const r = await runCli(['discover', `http://127.0.0.1:${(evil.address() as { port: number }).port}`]);
      expect(r.code).toBe(1);
      expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(r.out).toContain('\\x9b2J');
    } finally {
      await new Promise<void>((r) => evil.close(() => r()));
    }
  });

  it('no document at either path: exit 1 naming both URLs; bad input exits 2 naming the flag', async () => {
    const r = await runCli(['discover', `${mock.baseUrl}/nowhere`]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('/nowhere/.well-known/openid-configuration');
    expect(r.out).toContain('/.well-known/oauth-authorization-server/nowhere');
    expect((await runCli(['discover', 'ftp://x'])).code).toBe(2);
    const kind = await runCli(['discover', mock.baseUrl, '--kind', 'saml']);
    expect(kind.code).toBe(2);
    expect(kind.err).toContain('--kind must be openid or oauth');
  });
});

const flowArgs = () => [
  '--base-url',
  mock.baseUrl,
  '--client-id',
  client.id,
  '--client-secret',
  client.secret,
  '--scope',
  'openid profile',
  '--no-open',
  '--json',
];

describe('oauth-lab flow oauth2 with scope openid', () => {
  it('sends a nonce, validates the id_token step by step and calls UserInfo', async () => {
    const r = await runFlow(flowArgs());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\/authorize\?\S*&nonce=[A-Za-z0-9_-]{22}/);
    for (const step of [
      'Decode header and payload',
      'Algorithm (alg)',
      'Key from the JWKS',
      'Signature',
      'Issuer (iss)',
      'Audience (aud)',
      'Nonce',
      'Access token hash (at_hash)',
    ])
      expect(r.stderr).toMatch(new RegExp(`ok {3}${step.replace(/[()]/g, '\\$&')} \\[`));
    // The UserInfo leg's checks are printed once, as every other leg's.
    expect(r.stderr.split('ok   sub matches the id_token')).toHaveLength(2);
    expect(r.stderr).toContain('access token: The access token is opaque');
    expect(JSON.parse(r.stdout).id_token).toEqual(expect.any(String));
  });

  it('a faulty id_token fails the flow at id_token, naming the step, after printing every step', async () => {
    updateMockSettings(mock.context, { switches: { idTokenFault: 'wrong-aud' } });
    try {
      const r = await runFlow(flowArgs());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/FAIL Audience \(aud\)/);
      expect(r.stderr).toMatch(/ok {3}Nonce \[/);
      expect(r.stderr).toMatch(
        /failed at id_token: Audience \(aud\) \[OIDC Core §3\.1\.3\.7 \(3\)\]: aud is "another-client"/
      );
      // The tokens were obtained before the id_token check failed: they are printed all the same, never dropped.
      expect(JSON.parse(r.stdout)).toHaveProperty('access_token');
    } finally {
      updateMockSettings(mock.context, { switches: { idTokenFault: 'off' } });
    }
  });

  it('--lifecycle refreshes with the rotation shown, introspects, revokes and introspects again', async () => {
    const r = await runFlow([...flowArgs(), '--lifecycle']);
    expect(r.code).toBe(0);
    // Only the last four characters of each refresh token are printed.
    const glimpse = /old refresh token …(\S{4}) \((\d+) chars\), new …(\S{4}) \((\d+) chars\)/.exec(r.stderr);
    expect(glimpse).not.toBeNull();
    expect(glimpse![1]).not.toBe(glimpse![3]);
    // A whole refresh token (the mock's begin with r-); a random state, nonce or PKCE value may hold r- inside it.
    expect(r.stderr).not.toMatch(/(?<![A-Za-z0-9_-])r-[A-Za-z0-9_-]{8,}/);
    expect(r.stderr).toContain('ok   rotation: Rotated: a new refresh_token replaces the old one');
    expect(r.stderr).toContain('ok   active: active: true');
    expect(r.stderr).toMatch(/-> POST http:\/\/127\.0\.0\.1:\d+\/oidc\/revoke\n<- 200/);
    expect(r.stderr).toContain('ok   active: active: false');
    // The first response's refresh token was rotated out; the new one revoked: nothing of the grant is left.
    const rt = JSON.parse(r.stdout).refresh_token as string;
    expect(r.stderr).not.toContain(rt);
  });

  it('--prompt and --max-age go on the authorization URL, and auth_time is checked against max_age', async () => {
    const r = await runFlow([...flowArgs(), '--prompt', 'login,consent', '--max-age', '300']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\/authorize\?\S*&prompt=login%20consent&max_age=300/);
    expect(r.stderr).toMatch(
      /ok {3}Authentication time \(auth_time\) \[OIDC Core §3\.1\.3\.7 \(13\), §3\.1\.2\.1\]: The user logged in at \S+, \d+ s ago by this client's clock: within max_age=300 s\./
    );
  });

  it('--prompt none with another value, an unknown prompt or a negative --max-age exits 2 naming what is wrong', async () => {
    const none = await runCli(['flow', 'oauth2', ...flowArgs(), '--prompt', 'none,login']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('prompt=none cannot be combined with other values');
    const unknown = await runCli(['flow', 'oauth2', ...flowArgs(), '--prompt', 'fresh']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('"fresh" is not one of login, select_account, consent, none');
    const age = await runCli(['flow', 'oauth2', ...flowArgs(), '--max-age=-5']);
    expect(age.code).toBe(2);
    expect(age.err).toContain('--max-age must be a whole number');
  });

  it('--id-token-alg ES256 while the provider signs RS256 fails the alg step', async () => {
    const r = await runFlow([...flowArgs(), '--id-token-alg', 'ES256']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at id_token: Algorithm (alg)');
    expect(r.stderr).toContain('the client registered ES256');
  });
});
