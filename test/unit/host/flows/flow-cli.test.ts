import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockProvider, DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { actAsBrowser } from './browser';
import { runFlowCli } from './run-flow-cli';

// `oauth-lab flow` as a user runs it: the real binary, the embedded mock over real sockets, this test as the browser.
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

const runFlow = runFlowCli;
const approve = (url: string) => actAsBrowser(url, { username: 'demo', password: 'demo', decision: 'approve' });
const { consumer, client } = DEFAULT_CREDENTIALS;

describe('oauth-lab flow', () => {
  it('oauth1 --json completes the three legs and prints the access token fields', async () => {
    const r = await runFlow(
      [
        'oauth1',
        '--base-url',
        mock.baseUrl,
        '--consumer-key',
        consumer.key,
        '--consumer-secret',
        consumer.secret,
        '--no-open',
        '--json',
      ],
      approve
    );
    expect(r.code).toBe(0);
    const tokens = JSON.parse(r.stdout);
    expect(Object.keys(tokens).sort()).toEqual(['oauth_token', 'oauth_token_secret']);
    expect(r.stderr).toMatch(/-> POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v1\/request_token\n<- 200 OK/);
    expect(r.stderr).toMatch(/ok {3}oauth_token matches/);
    expect(r.stderr).toContain('Flow completed.');
    expect(r.stderr).not.toContain(consumer.secret);
  });
  it('oauth2 --json with PKCE prints access_token, refresh_token, expires_in', async () => {
    const r = await runFlow(
      [
        'oauth2',
        '--base-url',
        mock.baseUrl,
        '--client-id',
        client.id,
        '--client-secret',
        client.secret,
        '--scope',
        'read',
        '--no-open',
        '--json',
        '--client-auth',
        'basic',
      ],
      approve
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'read',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(r.stderr).toContain('PKCE S256');
  });
  it('a stray request to the callback (an <img> on any page) is refused and reported; the genuine callback completes the flow', async () => {
    const strayFirst = async (url: string) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!;
      expect((await fetch(`${redirect}?code=planted`)).status).toBe(400);
      await approve(url);
    };
    const r = await runFlow(
      [
        'oauth2',
        '--base-url',
        mock.baseUrl,
        '--client-id',
        client.id,
        '--client-secret',
        client.secret,
        '--no-open',
        '--json',
      ],
      strayFirst
    );
    expect(r.stderr).toContain(
      'Refused a request to the callback without the state or oauth_token this flow waits for (RFC 6749 §10.12); still waiting.'
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).token_type).toBe('bearer');
  });
  it('a denied authorization fails at the authorize step, naming why', async () => {
    const r = await runFlow(
      ['oauth2', '--base-url', mock.baseUrl, '--client-id', client.id, '--client-secret', client.secret, '--no-open'],
      (url) => actAsBrowser(url, { username: 'demo', password: 'demo', decision: 'deny' })
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/failed at authorize: The provider refused \(RFC 6749 §4\.1\.2\.1\): access_denied: /);
    expect(r.stdout).toBe('');
  });
  it("a wrong secret fails at the request token step with the provider's problem", async () => {
    const r = await runFlow([
      'oauth1',
      '--base-url',
      mock.baseUrl,
      '--consumer-key',
      consumer.key,
      '--consumer-secret',
      'nope',
      '--no-open',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /failed at request token: No request token: HTTP 401, the provider says: signature_invalid: /
    );
  });
  it('--signature-method is sent as chosen: the mock accepts only HMAC-SHA1 by default and says so', async () => {
    const r = await runFlow([
      'oauth1',
      '--base-url',
      mock.baseUrl,
      '--consumer-key',
      consumer.key,
      '--consumer-secret',
      consumer.secret,
      '--signature-method',
      'HMAC-SHA256',
      '--realm',
      'lab',
      '--no-open',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /failed at request token: No request token: HTTP 400, the provider says: signature_method_rejected: /
    );
  });
  it("custom endpoint paths reach a server that does not use the service's paths", async () => {
    const r = await runFlow(
      [
        'oauth2',
        '--base-url',
        `${mock.baseUrl}/elsewhere`,
        // The issuer is not the base URL here: named, so the callback's iss (RFC 9207) is checked against it.
        '--issuer',
        mock.baseUrl,
        '--authorize-path',
        `${mock.baseUrl}/oauth/v2/authorize`,
        '--token-path',
        `${mock.baseUrl}/oauth/v2/token`,
        '--client-id',
        client.id,
        '--client-secret',
        client.secret,
        '--no-open',
        '--json',
      ],
      approve
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).token_type).toBe('bearer');
  });
  it('a dead server and a busy callback port are explained', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const busy = await runFlow([
      'oauth1',
      '--base-url',
      mock.baseUrl,
      '--consumer-key',
      'k',
      '--consumer-secret',
      's',
      '--callback-port',
      String(port),
      '--no-open',
    ]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(new RegExp(`failed at callback listener: .*${port}`));
    await new Promise((r) => blocker.close(r));
    const dead = await runFlow([
      'oauth1',
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--consumer-key',
      'k',
      '--consumer-secret',
      's',
      '--no-open',
    ]);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toMatch(/failed at request token: .*refused/i);
  });
  it.each([
    [['oauth3'], /must be oauth1 or oauth2/],
    [['oauth1', '--consumer-key', 'k', '--consumer-secret', 's'], /--base-url is required/],
    [['oauth2', '--base-url', 'ftp://x', '--client-id', 'i', '--client-secret', 's'], /--base-url: .*scheme "ftp"/],
    [['oauth2', '--client-id', 'i', '--client-secret', 's'], /--base-url is required \(or --preset NAME\)/],
    [['oauth2', '--base-url', 'http://127.0.0.1:1', '--client-id', 'i'], /--client-secret is required/],
    [
      ['oauth1', '--base-url', 'http://127.0.0.1:1', '--callback-port', '70000'],
      /--callback-port must be a whole number from 0 to 65535/,
    ],
    [
      [
        'oauth1',
        '--base-url',
        'http://127.0.0.1:1',
        '--consumer-key',
        'k',
        '--consumer-secret',
        's',
        '--signature-method',
        'RSA-SHA1',
      ],
      /--private-key is required for flow oauth1/,
    ],
    [
      [
        'oauth1',
        '--base-url',
        'http://127.0.0.1:1',
        '--consumer-key',
        'k',
        '--consumer-secret',
        's',
        '--signature-method',
        'HMAC-MD5',
      ],
      /--signature-method: Invalid option: expected one of "HMAC-SHA1"/,
    ],
    [
      [
        'oauth1',
        '--base-url',
        'http://127.0.0.1:1',
        '--consumer-key',
        'k',
        '--consumer-secret',
        's',
        '--leg-method',
        'GET',
        '--placement',
        'body',
      ],
      /--placement: a GET has no body for the protocol parameters/,
    ],
    [
      [
        'oauth2',
        '--base-url',
        'http://127.0.0.1:1',
        '--client-id',
        'i',
        '--client-secret',
        's',
        '--token-path',
        'ftp://x/token',
      ],
      /--token-path: The token path: Invalid URL .*scheme "ftp"/,
    ],
    [
      [
        'oauth2',
        '--base-url',
        'http://127.0.0.1:1',
        '--client-id',
        'i',
        '--client-secret',
        's',
        '--header',
        'No colon here',
      ],
      /--header "No colon here": expected "Name: value"/,
    ],
    [
      [
        'oauth2',
        '--base-url',
        'http://127.0.0.1:1',
        '--client-id',
        'i',
        '--client-secret',
        's',
        '--header',
        'Authorization: Bearer x',
      ],
      /--header: Authorization cannot be an extra header/,
    ],
    [
      [
        'oauth2',
        '--base-url',
        'http://127.0.0.1:1',
        '--client-id',
        'i',
        '--client-secret',
        's',
        '--client-auth',
        'jwt',
      ],
      /--client-auth: Invalid option: expected one of "none"\|"body"\|"basic"/,
    ],
    [
      ['oauth2', '--base-url', 'http://127.0.0.1:1', '--client-id', 'i', '--client-secret', 's', '--token-body', 'xml'],
      /--token-body: Invalid option: expected one of "form"\|"json"/,
    ],
    [
      ['oauth2', '--base-url', 'http://127.0.0.1:1', '--client-id', 'i', '--client-secret', 's', '--token-param', '=x'],
      /--token-param "=x": expected name=value/,
    ],
    [
      [
        'oauth2',
        '--base-url',
        'http://127.0.0.1:1',
        '--client-id',
        'i',
        '--client-secret',
        's',
        '--redirect-uri',
        'https://x.example/cb#frag',
      ],
      /--redirect-uri: the redirect URI contains .*"#"/,
    ],
    [
      ['oauth2', '--preset', 'nosuch', '--client-id', 'i', '--client-secret', 's'],
      /--preset "nosuch" is not known; expected one of github, google/,
    ],
    [
      [
        'oauth1',
        '--base-url',
        'http://127.0.0.1:1',
        '--consumer-key',
        'k',
        '--signature-method',
        'RSA-SHA256',
        '--private-key',
        '/nonexistent/key.pem',
      ],
      /--private-key \/nonexistent\/key.pem: cannot read the file \(ENOENT\)/,
    ],
  ])('bad flags %j exit 2 with a clear message', async (args, message) => {
    const r = await runFlow(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
