import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateHar, validateRequest, type HARError } from 'har-validator-compiled';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportHar,
  exportRequest,
  toHar,
  toHarRequest,
  toHarTimings,
  type Har,
  type RecordedExchange,
} from '../../../../host/export';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { send as transportSend } from '../../../../platform/node/transport';
import { startMockSession, type MockSession } from './mock-session';

/** Validates against the HAR 1.2 schema (httpsnippet's own validator, har-validator-compiled) and says which field is wrong. */
async function expectValidHar(json: unknown) {
  try {
    validateHar(json);
  } catch (e) {
    throw new Error(`not valid HAR 1.2: ${JSON.stringify((e as HARError).errors ?? (e as Error).message)}`, {
      cause: e,
    });
  }
}

// Real exchanges: both flows through the transport against the embedded mock, as the history records them.
let session: MockSession;
beforeAll(async () => {
  session = await startMockSession();
  await session.oauth1Token();
  await session.oauth2Tokens();
}, 20_000);
afterAll(() => session.stop());

const exchange = (path: string) => session.exchanges.find((e) => e.request.url.includes(path))!;
/** A placeholder of the history's HAR: its name and the value's tag (the same value, the same tag, in one file). */
const TAG = '[0-9a-f]{12}';
const tagged = (name: string) => expect.stringMatching(new RegExp(`^YOUR_${name}_${TAG}$`));

describe("HAR 1.2 from the transport's exchanges", () => {
  it('every leg of both flows validates, with timings that add up and the exact head size', async () => {
    const har = toHar(session.exchanges, { appVersion: '1.2.3' });
    await expectValidHar(har);
    expect(har.log.creator).toEqual({ name: 'OAuth Lab', version: '1.2.3' });
    expect(har.log.entries).toHaveLength(session.exchanges.length);
    for (const [i, entry] of har.log.entries.entries()) {
      const e = session.exchanges[i]!;
      expect(entry.startedDateTime).toBe(new Date(e.startedAt).toISOString());
      expect(entry.time).toBe(e.timings.total);
      const t = entry.timings;
      const phases = [t.dns, t.connect, t.send, t.wait, t.receive].filter((n) => n >= 0).reduce((a, b) => a + b, 0);
      expect(phases).toBeCloseTo(entry.time, 6);
      expect(entry.serverIPAddress).toBe('127.0.0.1');
      expect(entry.connection).toBe(String(e.local!.port));
      // The head as written: request line, the headers the transport sent (Host, Content-Length, Connection) and CRLFs.
      expect(entry.request.headersSize).toBe(
        Buffer.byteLength(
          `${e.request.requestLine}\r\n${e.request.headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`
        )
      );
      expect(entry.request.bodySize).toBe(e.request.bodySize);
      expect(entry.response.status).toBe(e.response.status);
      expect(entry.response.content).toMatchObject({ size: e.response.bodySize, text: e.response.bodyText });
    }
  });
  it('the request keeps the exact body as text and decodes the query as a form', () => {
    const r = toHarRequest({
      method: 'POST',
      url: 'http://h/p?a=b+c&d=%2B&e#frag',
      headers: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Cookie', 'sid=1; theme=dark'],
      ],
      body: 'x=%20y',
    });
    expect(r.url).toBe('http://h/p?a=b+c&d=%2B&e');
    expect(r.queryString).toEqual([
      { name: 'a', value: 'b c' },
      { name: 'd', value: '+' },
      { name: 'e', value: '' },
    ]);
    expect(r.postData).toEqual({ mimeType: 'application/x-www-form-urlencoded', text: 'x=%20y' });
    expect(r.cookies).toEqual([
      { name: 'sid', value: '1' },
      { name: 'theme', value: 'dark' },
    ]);
    expect(r.headersSize).toBe(-1); // no request line recorded: unknown
  });
  it('a body that is not UTF-8 is kept as base64; Set-Cookie and Location are read; missing phases are -1', async () => {
    const e: RecordedExchange = {
      request: { method: 'GET', url: 'https://h/x', headers: [] },
      response: {
        status: 302,
        statusText: 'Found',
        headers: [
          ['Location', '/y'],
          ['Set-Cookie', 'sid=abc; Path=/; HttpOnly; Secure; Expires=Wed, 21 Oct 2037 07:28:00 GMT'],
          ['Content-Type', 'application/octet-stream'],
        ],
        bodyText: '\ufffd\ufffd',
        bodySize: 2,
        bodyBase64: Buffer.from([0xff, 0xfe]).toString('base64'),
      },
      timings: { connect: 5, tls: 12, firstByte: 20, total: 25 },
      startedAt: Date.UTC(2024, 0, 2, 3, 4, 5, 678),
    };
    const har = toHar([{ exchange: e, comment: 'a redirect' }]);
    await expectValidHar(har);
    const entry = har.log.entries[0]!;
    expect(entry.comment).toBe('a redirect');
    expect(entry.startedDateTime).toBe('2024-01-02T03:04:05.678Z');
    expect(entry.response.content).toEqual({
      size: 2,
      mimeType: 'application/octet-stream',
      text: '//4=',
      encoding: 'base64',
    });
    expect(entry.response.redirectURL).toBe('/y');
    expect(entry.response.cookies).toEqual([
      { name: 'sid', value: 'abc', path: '/', httpOnly: true, secure: true, expires: '2037-10-21T07:28:00.000Z' },
    ]);
    expect(entry.timings).toEqual({ blocked: -1, dns: -1, connect: 12, ssl: 7, send: 0, wait: 8, receive: 5 });
    expect(entry.serverIPAddress).toBeUndefined();
    expect(entry.connection).toBeUndefined();
  });
  it('request.url is a valid RFC 3986 URI: [ and ] percent-encoded (the query sends them so), non-ASCII as its UTF-8 escapes', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const brackets = await transportSend({ method: 'GET', url: `${origin}/a[0]/b?c[]=1&ids[]=2#frag`, headers: [] });
      const accented = await transportSend({ method: 'GET', url: `${origin}/café/ü?q=é €`, headers: [] });
      const [withBrackets, withAccents] = toHar([brackets, accented]).log.entries.map((e) => e.request);
      // Brackets go percent-encoded in the path (not path characters, RFC 3986 §3.3) and in the query: the HAR is what was sent.
      expect(seen).toEqual(['/a%5B0%5D/b?c%5B%5D=1&ids%5B%5D=2', '/caf%C3%A9/%C3%BC?q=%C3%A9%20%E2%82%AC']);
      expect(withBrackets!.url).toBe(`${origin}${seen[0]}`);
      expect(withBrackets!.queryString).toEqual([
        { name: 'c[]', value: '1' },
        { name: 'ids[]', value: '2' },
      ]);
      expect(withAccents!.url).toBe(`${origin}${seen[1]}`);
      // The same before sending: an export of a request the user typed writes what the transport would send.
      expect(toHarRequest({ method: 'GET', url: `${origin}/café/ü?q=é €`, headers: [] }).url).toBe(withAccents!.url);
      // HAR tools that check the URL take both (httpsnippet's validator, har-validator's schema).
      expect(validateRequest(withBrackets)).toBe(true);
      expect(validateRequest(withAccents)).toBe(true);
      await expectValidHar(toHar([brackets, accented]));
    } finally {
      server.close();
    }
  });
  it('a mock-recorded exchange without connection phases still adds up', () => {
    expect(toHarTimings({ connect: null, tls: null, firstByte: null, total: 3 })).toEqual({
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait: 3,
      receive: 0,
    });
  });
});

describe('HAR exports and secrets', () => {
  const consumer = DEFAULT_CREDENTIALS.consumer;
  const client = DEFAULT_CREDENTIALS.client;

  it('the history as HAR leaves out client_secret, oauth_token_secret and refresh_token unless included', async () => {
    const accessLeg = exchange('/oauth/v1/access_token');
    const tokenLeg = exchange('/oauth/v2/token');
    const tokenSecret = new URLSearchParams(accessLeg.response.bodyText).get('oauth_token_secret')!;
    const refreshToken = (JSON.parse(tokenLeg.response.bodyText) as { refresh_token: string }).refresh_token;
    expect(tokenLeg.request.body).toContain('client_secret=');

    const out = exportHar({
      entries: session.exchanges,
      secrets: [{ name: 'consumer_secret', value: consumer.secret }],
      appVersion: '0.1.0',
    });
    const har = JSON.parse(out.text) as Har;
    await expectValidHar(har);
    expect(out).toMatchObject({
      filename: 'oauth-lab-history.har',
      mediaType: 'application/json',
      secretsIncluded: false,
    });
    for (const secret of [client.secret, tokenSecret, refreshToken, consumer.secret])
      expect(out.text).not.toContain(secret);
    expect(out.placeholders).toEqual(
      expect.arrayContaining([tagged('OAUTH_TOKEN_SECRET'), tagged('CLIENT_SECRET'), tagged('REFRESH_TOKEN')])
    );
    expect(out.notes[0]).toContain('YOUR_CLIENT_SECRET_…');
    const tokenEntry = har.log.entries.find((e) => e.request.url.endsWith('/oauth/v2/token'))!;
    expect(tokenEntry.request.postData!.text).toMatch(new RegExp(`client_secret=YOUR_CLIENT_SECRET_${TAG}`));
    expect(JSON.parse(tokenEntry.response.content.text!)).toMatchObject({
      refresh_token: tagged('REFRESH_TOKEN'),
      token_type: 'bearer',
    });

    const all = exportHar({ entries: session.exchanges, includeSecrets: true });
    await expectValidHar(JSON.parse(all.text));
    for (const secret of [client.secret, tokenSecret, refreshToken]) expect(all.text).toContain(secret);
    expect(all.placeholders).toEqual([]);
  });
  it('without secrets, live credentials become placeholders too: the authorization code, bearer and refresh tokens, cookies', async () => {
    const tokenLeg = exchange('/oauth/v2/token');
    const code = new URLSearchParams(tokenLeg.request.body).get('code')!;
    const tokens = JSON.parse(tokenLeg.response.bodyText) as { access_token: string; refresh_token: string };
    const bearer = await transportSend({
      method: 'GET',
      url: `${session.base}/api/v2/me`,
      headers: [
        ['Authorization', `Bearer ${tokens.access_token}`],
        ['Cookie', 'sid=cookie-value-1; theme=dark'],
      ],
    });
    expect(bearer.response.status).toBe(200);
    const callback: RecordedExchange = {
      request: {
        method: 'POST',
        url: `${session.base}/oauth/v2/authorize`,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: 'decision=approve',
      },
      response: {
        status: 302,
        statusText: 'Found',
        headers: [
          ['Location', `http://127.0.0.1:8765/callback?code=${code}&state=s1`],
          ['Set-Cookie', 'session=cookie-value-2; Path=/; HttpOnly'],
        ],
        bodyText: '',
        bodySize: 0,
      },
      timings: { connect: null, tls: null, firstByte: 1, total: 1 },
      startedAt: 0,
    };
    const entries = [tokenLeg, bearer, callback];
    const live = [code, tokens.access_token, tokens.refresh_token, 'cookie-value-1', 'cookie-value-2'];

    const out = exportHar({ entries });
    const har = JSON.parse(out.text) as Har;
    await expectValidHar(har);
    for (const value of live) expect(out.text).not.toContain(value);
    expect(out.placeholders).toEqual(
      expect.arrayContaining([
        tagged('AUTHORIZATION_CODE'),
        tagged('ACCESS_TOKEN'),
        tagged('REFRESH_TOKEN'),
        tagged('COOKIE'),
      ])
    );
    const [token, call, redirect] = har.log.entries;
    // One placeholder per value: the code in the redirect and in the token request, the access token in the token
    // response and in the Bearer header read the same; two cookies read two.
    const codeAs = new RegExp(`(?:^|&)code=(YOUR_AUTHORIZATION_CODE_${TAG})(?:&|$)`).exec(
      token!.request.postData!.text
    )![1]!;
    const issued = JSON.parse(token!.response.content.text!) as { access_token: string; refresh_token: string };
    expect(issued).toMatchObject({ access_token: tagged('ACCESS_TOKEN'), refresh_token: tagged('REFRESH_TOKEN') });
    expect(call!.request.headers).toContainEqual({ name: 'Authorization', value: `Bearer ${issued.access_token}` });
    const [sid, theme] = call!.request.cookies;
    expect([sid!.name, theme!.name]).toEqual(['sid', 'theme']);
    expect(sid!.value).toEqual(tagged('COOKIE'));
    expect(theme!.value).toEqual(tagged('COOKIE'));
    expect(sid!.value).not.toBe(theme!.value);
    expect(call!.request.headers).toContainEqual({ name: 'Cookie', value: `sid=${sid!.value}; theme=${theme!.value}` });
    expect(redirect!.response.redirectURL).toBe(`http://127.0.0.1:8765/callback?code=${codeAs}&state=s1`);
    const [setCookie] = redirect!.response.cookies;
    expect(setCookie).toEqual({ name: 'session', value: tagged('COOKIE'), path: '/', httpOnly: true });
    expect(redirect!.response.headers).toContainEqual({
      name: 'Set-Cookie',
      value: `session=${setCookie!.value}; Path=/; HttpOnly`,
    });

    const all = exportHar({ entries, includeSecrets: true });
    for (const value of live) expect(all.text).toContain(value);
  });
  it('a bearer request exported without secrets: the token is a placeholder in every target, and there when included', () => {
    const request = {
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v2/me',
      headers: [
        ['Authorization', 'Bearer live-token-123'],
        ['Cookie', 'sid=live-cookie'],
      ] as [string, string][],
    };
    for (const target of [
      'curl',
      'python-requests',
      'raw-http',
      'har',
      'http-file',
      'postman',
      'python-oauth2',
      'node-oauth2',
    ]) {
      const r = exportRequest({ target, source: { kind: 'oauth2', request } });
      expect(r.text, target).not.toContain('live-token-123');
      expect(r.text, target).not.toContain('live-cookie');
      expect(r.placeholders.join(' '), target).toMatch(/access_token/i);
      expect(
        exportRequest({ target, source: { kind: 'oauth2', request }, includeSecrets: true }).text,
        target
      ).toContain('live-token-123');
    }
  });
  it('one request as HAR: with its exchange, or unsent (status 0)', async () => {
    const signing = session.signing(await session.oauth1Token(), 'GET', '/api/v1/me');
    const unsent = exportRequest({ target: 'har', source: { kind: 'oauth1', signing }, appVersion: '9' });
    const parsed = JSON.parse(unsent.text) as Har;
    await expectValidHar(parsed);
    expect(unsent.filename).toBe('get-api-v1-me.har');
    expect(parsed.log.entries[0]!.response.status).toBe(0);
    expect(parsed.log.creator.version).toBe('9');

    const sent = exportRequest({
      target: 'har',
      source: { kind: 'request', request: exchange('/oauth/v2/token').request },
      exchange: exchange('/oauth/v2/token'),
    });
    await expectValidHar(JSON.parse(sent.text));
    expect(sent.text).not.toContain(client.secret);
    expect((JSON.parse(sent.text) as Har).log.entries[0]!.response.status).toBe(200);
  });
});
