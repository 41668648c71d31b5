import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { profileSchema } from '../../../../shared/store/profile';
import { json, startEmulation, type Emulation, type SeenRequest } from '../../../support/emulations/provider-emulation';
import { oauth1SignatureValid } from '../../../support/emulations/presets/oauth1-emulation';
import { runCli } from './run-cli';
import { startSlack, SLACK } from '../../../support/emulations/slack';
import { startFlickr, FLICKR } from '../../../support/emulations/flickr';
import { scratchDir } from '../../../support/scratch-dir';

// `oauth-lab call` over real sockets against an emulated resource server and token endpoint.
const servers: Emulation[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A resource that accepts `good` as the bearer token from wherever RFC 6750 §2 (https://www.rfc-editor.org/rfc/rfc6750#section-2) allows, and a token endpoint that refreshes `rt` into `good`. */
async function resourceServer() {
  const tokenOf = (r: SeenRequest) =>
    /^Bearer (\S+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ??
    new URLSearchParams(r.url.split('?')[1]).get('access_token') ??
    new URLSearchParams(r.body).get('access_token');
  const e = await startEmulation({
    '/me': (r) =>
      tokenOf(r) === 'good'
        ? json({ name: 'Ada', got: tokenOf(r) })
        : json({ error: 'invalid_token' }, 401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
    'POST /token': (r) => {
      const body = new URLSearchParams(r.body);
      return body.get('grant_type') === 'refresh_token' &&
        body.get('refresh_token') === 'rt' &&
        body.get('client_secret') === 'cs'
        ? json({ access_token: 'good', token_type: 'bearer', expires_in: 3600, scope: 'read' }, 200, {
            'Cache-Control': 'no-store',
          })
        : json({ error: 'invalid_grant' }, 400);
    },
    '/ansi': () => ({
      status: 200,
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain \u001b[31mred\u001b[0m \u009b2J end',
    }),
  });
  servers.push(e);
  return e;
}
const paths = (e: Emulation) => e.seen.map((s) => `${s.method} ${s.url.split('?')[0]}`);

describe('oauth-lab call', () => {
  it.each([
    ['header', (r: SeenRequest) => expect(r.headers.authorization).toBe('Bearer good')],
    ['query', (r: SeenRequest) => expect(r.url).toBe('/me?x=1&access_token=good')],
    [
      'form',
      (r: SeenRequest) =>
        expect([r.headers['content-type'], r.body]).toEqual([
          'application/x-www-form-urlencoded',
          'a=b&access_token=good',
        ]),
    ],
  ] as const)('sends the bearer token in the %s (RFC 6750 §2) and prints the body', async (where, check) => {
    const e = await resourceServer();
    const r = await runCli([
      'call',
      '--url',
      `${e.base}/me?x=1`,
      '--bearer',
      'good',
      '--bearer-in',
      where,
      ...(where === 'form' ? ['--form', 'a=b'] : []),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ name: 'Ada', got: 'good' });
    expect(r.err).toContain('HTTP 200 OK');
    check(e.seen[0]!);
  });

  it('refreshes once on a 401 and sends again; refreshes first when the token has expired', async () => {
    const e = await resourceServer();
    const refresh = [
      '--refresh-token',
      'rt',
      '--token-url',
      `${e.base}/token`,
      '--client-id',
      'cid',
      '--client-secret',
      'cs',
    ];
    const r = await runCli(['call', '--url', `${e.base}/me`, '--bearer', 'stale', ...refresh]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/Refreshed \(the server answered 401\); new access token, valid for 3600 s\./);
    expect(paths(e)).toEqual(['GET /me', 'POST /token', 'GET /me']);
    const expired = await runCli([
      'call',
      '--url',
      `${e.base}/me`,
      '--bearer',
      'stale',
      '--expires-at',
      '1',
      ...refresh,
      '--json',
    ]);
    expect(expired.code).toBe(0);
    expect(paths(e).slice(3)).toEqual(['POST /token', 'GET /me']);
    const out = JSON.parse(expired.out) as { exchanges: { request: { url: string }; response: { status: number } }[] };
    expect(out.exchanges.map((x) => x.response.status)).toEqual([200, 200]);
    const noRefresh = await runCli(['call', '--url', `${e.base}/me`, '--bearer', 'stale']);
    expect(noRefresh.code).toBe(1);
    expect(noRefresh.err).toContain('HTTP 401');
  });

  it("--profile uses the saved token and the profile's settings, and saves the refreshed token in its place", async () => {
    const e = await resourceServer();
    const dir = scratchDir('oauth-lab-call-');
    const store = createAppStore({ cwd: dir });
    store.profileSave({
      profile: profileSchema.parse({
        id: 'res',
        name: 'Resource',
        baseUrl: e.base,
        headers: [['X-Team', 'blue']],
        oauth2: { tokenPath: '/token', clientId: 'cid', clientSecret: 'cs' },
      }),
    });
    store.tokenSave({
      token: {
        id: 'tok-1',
        profileId: 'res',
        kind: 'oauth2',
        token: 'stale',
        tokenSecret: '',
        refreshToken: 'rt',
        scope: 'read',
        obtainedAt: 1,
        expiresAt: 2,
        label: '',
      },
    });
    const r = await runCli(['call', '--profile', 'Resource', '--store-dir', dir, '--url', '/me']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/Refreshed \(the token had passed expires_in\)/);
    expect(r.err).toContain('The refreshed tokens are saved under the profile "Resource".');
    expect(e.seen.every((s) => s.headers['x-team'] === 'blue')).toBe(true);
    const again = createAppStore({ cwd: dir });
    expect(again.tokensList({ profileId: 'res' })).toMatchObject([{ id: 'tok-1', token: 'good', refreshToken: 'rt' }]);
  });

  it('OAuth 1.0a: signs any method with a form body (signed) or another body (not signed), the server verifies', async () => {
    const seen: boolean[] = [];
    const e: Emulation = await startEmulation({
      '/res': (r) => (seen.push(oauth1SignatureValid(r, e.base, 'cs', 'ts')), json({ ok: true })),
    });
    servers.push(e);
    const creds = ['--consumer-key', 'ck', '--consumer-secret', 'cs', '--token', 'tk', '--token-secret', 'ts'];
    expect(
      (
        await runCli([
          'call',
          '--url',
          `${e.base}/res?q=1`,
          '--method',
          'PUT',
          '--form',
          'status=hello world',
          ...creds,
        ])
      ).code
    ).toBe(0);
    expect(
      (
        await runCli([
          'call',
          '--url',
          `${e.base}/res`,
          '--method',
          'PATCH',
          '--data',
          '{"a":1}',
          '--content-type',
          'application/json',
          ...creds,
        ])
      ).code
    ).toBe(0);
    expect((await runCli(['call', '--url', `${e.base}/res`, '--placement', 'query', ...creds])).code).toBe(0);
    expect(seen).toEqual([true, true, true]);
    expect(e.seen[0]!.method).toBe('PUT');
    expect(e.seen[1]!.body).toBe('{"a":1}');
    expect(e.seen[2]!.url).toMatch(/oauth_signature=/);
  });

  it("writes a server's control characters escaped, never raw", async () => {
    const e = await resourceServer();
    const r = await runCli(['call', '--url', `${e.base}/ansi`, '--bearer', 'good']);
    expect(r.out).toBe('plain \\e[31mred\\e[0m \\x9b2J end\n');
    expect(r.out).not.toMatch(/[\u001b\u009b]/);
  });

  it.each([
    [['call', '--bearer', 'x'], /--url is required/],
    [['call', '--url', 'http://127.0.0.1:1/'], /give credentials: --profile NAME, --bearer TOKEN, or --consumer-key K/],
    [
      ['call', '--url', 'http://127.0.0.1:1/', '--bearer', 'x', '--bearer-in', 'cookie'],
      /--bearer-in must be header, form, query; got "cookie"/,
    ],
    [['call', '--url', 'http://127.0.0.1:1/', '--bearer', 'x', '--data', '{}'], /--data needs --content-type/],
    [
      ['call', '--url', 'http://127.0.0.1:1/', '--profile', 'nope', '--store-dir', scratchDir('oauth-lab-call-')],
      /--profile: there is no profile with the id or name "nope"/,
    ],
  ])('bad flags %j are named (exit 2)', async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('a 200 whose body is an error document (Slack ok:false, Flickr stat="fail") prints the provider\'s words; exit 0 by status', async () => {
    const slack = await startSlack({ bot: true });
    servers.push(slack);
    const bad = await runCli(['call', '--url', `${slack.base}/api/auth.test`, '--bearer', 'xoxb-revoked']);
    expect(bad.code).toBe(0);
    expect(bad.err).toBe('HTTP 200 OK\nwarn: HTTP 200, but the body says: invalid_auth.\n');
    expect(JSON.parse(bad.out)).toEqual({ ok: false, error: 'invalid_auth' });
    const good = await runCli(['call', '--url', `${slack.base}/api/auth.test`, '--bearer', SLACK.botToken]);
    expect(good.err).toBe('HTTP 200 OK\n');
    const flickr = await startFlickr();
    servers.push(flickr);
    const signed = (token: string) =>
      runCli([
        'call',
        '--url',
        `${flickr.base}/services/rest?method=flickr.test.login`,
        '--consumer-key',
        FLICKR.consumerKey,
        '--consumer-secret',
        FLICKR.consumerSecret,
        '--token',
        token,
        '--token-secret',
        FLICKR.accessSecret,
      ]);
    const refused = await signed('72157626318069415-expired');
    expect(refused.code).toBe(0);
    expect(refused.err).toBe('HTTP 200 OK\nwarn: HTTP 200, but the body says: 98: Invalid auth token.\n');
    expect((await signed(FLICKR.accessToken)).err).toBe('HTTP 200 OK\n');
  });
  it('a server that cannot be reached is named with the request, exit 1', async () => {
    const r = await runCli(['call', '--url', 'http://127.0.0.1:1/me', '--bearer', 'x']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^oauth-lab call: send: GET http:\/\/127\.0\.0\.1:1\/me: .*refused/im);
  });

  it('a GET cannot carry the token in a form body (RFC 6750 §2.2)', async () => {
    const r = await runCli(['call', '--url', 'http://127.0.0.1:1/', '--bearer', 'x', '--bearer-in', 'form']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/The access token can go in the body only with a method that has one/);
    const json = await runCli([
      'call',
      '--url',
      'http://127.0.0.1:1/',
      '--bearer',
      'x',
      '--bearer-in',
      'form',
      '--data',
      '{}',
      '--content-type',
      'application/json',
    ]);
    expect(json.code).toBe(1);
    expect(json.err).toMatch(
      /only when it is application\/x-www-form-urlencoded \(RFC 6750 §2\.2\); the body is application\/json/
    );
  });
});
