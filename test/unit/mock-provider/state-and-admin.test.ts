import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../../../mock-provider';
import {
  C,
  CALLBACK,
  codeParams,
  form,
  getCode,
  Harness,
  json,
  requestToken,
  signed,
  threeLegs,
  tokenRequest,
  tokens,
} from './helpers';

/** Interface §3 transitions with the controllable clock; the admin API; restarts and CONNECT. */
const h = new Harness({ configValue: { lifetimes: { requestTokenTtl: 120, codeTtl: 30, accessTokenTtl: 300 } } });
beforeAll(() => h.start());
afterAll(() => h.stop());

const advance = (seconds: number) => h.admin('POST', '/_mock/clock/advance', { seconds });
const stateOf = async () =>
  (
    json((await h.send({ path: '/_mock/state' })).body) as {
      state: {
        oauth1: {
          requestTokens: { token: string; status: string }[];
          accessTokens: { token: string; status: string }[];
        };
        oauth2: { codes: { code: string; status: string }[]; accessTokens: { token: string; status: string }[] };
      };
    }
  ).state;

describe('state transitions with the clock', () => {
  it('request token: issued → expired after oauth_expires_in; step three then fails with token_expired', async () => {
    const t = await requestToken(h);
    expect((await stateOf()).oauth1.requestTokens.find((r) => r.token === t.token)?.status).toBe('issued');
    await advance(119);
    const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
    expect(page.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    await advance(2);
    expect((await stateOf()).oauth1.requestTokens.find((r) => r.token === t.token)?.status).toBe('expired');
    // The login page was shown in time, but the token expired before the user answered.
    const late = await h.send({
      method: 'POST',
      path: '/oauth/v1/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString(),
    });
    expect(late.status).toBe(400);
    expect(late.body).toContain('expired');
    const r = await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier: 'x' });
    expect(r.status).toBe(401);
    expect(form(r.body).oauth_problem).toBe('token_expired');
  });

  it('authorized but not exchanged in time → token_expired', async () => {
    const t = await requestToken(h);
    const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const ok = await h.send({
      method: 'POST',
      path: '/oauth/v1/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString(),
    });
    const verifier = new URL(String(ok.headers.location)).searchParams.get('oauth_verifier')!;
    await advance(121);
    const r = await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier });
    expect(r.status).toBe(401);
    expect(form(r.body).oauth_problem).toBe('token_expired');
  });

  it('OAuth 1.0a access token: never expires; deauthorization → 401 (interface §3)', async () => {
    const t = await threeLegs(h);
    await advance(10 * 365 * 86400);
    expect(
      (await signed(h, { method: 'GET', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret })).status
    ).toBe(200);
    expect((await stateOf()).oauth1.accessTokens.find((a) => a.token === t.accessToken)?.status).toBe('valid');
    const d = await h.admin('POST', `/_mock/oauth1/access-tokens/${encodeURIComponent(t.accessToken)}/deauthorize`);
    expect(d.status).toBe(200);
    expect((await stateOf()).oauth1.accessTokens.find((a) => a.token === t.accessToken)?.status).toBe('deauthorized');
    const r = await signed(h, { method: 'GET', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret });
    expect(r.status).toBe(401);
    expect(form(r.body).oauth_problem).toBe('token_revoked');
  });

  it('code expires after codeTtl', async () => {
    const code = await getCode(h);
    await advance(31);
    expect((await stateOf()).oauth2.codes.find((c) => c.code === code)?.status).toBe('expired');
    const r = await tokenRequest(h, codeParams(code));
    expect(r.status).toBe(400);
    expect(json(r.body).error).toBe('invalid_grant');
  });

  it('bearer token valid until expires_in, then 401 invalid_token; a refresh gives a working one', async () => {
    const t = await tokens(h);
    expect(t.expires_in).toBe(300);
    const me = (token: unknown) =>
      h.send({ path: '/api/v2/me', headers: { authorization: `Bearer ${String(token)}` } });
    await advance(299);
    expect((await me(t.access_token)).status).toBe(200);
    await advance(2);
    const r = await me(t.access_token);
    expect(r.status).toBe(401);
    expect(json(r.body).error_description).toContain('expired');
    expect((await stateOf()).oauth2.accessTokens.find((a) => a.token === t.access_token)?.status).toBe('expired');
    const n = json(
      (
        await tokenRequest(h, {
          grant_type: 'refresh_token',
          refresh_token: String(t.refresh_token),
          client_id: C.client.id,
          client_secret: C.client.secret,
        })
      ).body
    );
    expect((await me(n.access_token)).status).toBe(200);
  });

  it('lifetimes changed through the admin API apply to new tokens', async () => {
    expect((await h.settings({ lifetimes: { requestTokenTtl: 42 } })).status).toBe(200);
    const r = await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK });
    expect(form(r.body).oauth_expires_in).toBe('42');
    await h.settings({ lifetimes: { requestTokenTtl: 120 } });
  });
});

describe('admin API', () => {
  it('state hides secrets', async () => {
    await threeLegs(h);
    const r = await h.send({ path: '/_mock/state' });
    expect(r.status).toBe(200);
    expect(r.body).not.toContain(C.consumer.secret);
    expect(r.body).not.toContain(C.client.secret);
    expect(r.body).not.toContain('"password"');
    expect(r.body).not.toMatch(/secret"\s*:/);
    expect(json(r.body).config).toMatchObject({
      users: ['demo'],
      consumers: [{ key: C.consumer.key, callback: CALLBACK }],
    });
  });

  it('changes need application/json (cross-site forms cannot send it)', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/_mock/clock/advance',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'seconds=10',
    });
    expect(r.status).toBe(415);
    expect(json(r.body).error).toBe('unsupported_media_type');
  });

  it('bad settings are refused with the field named', async () => {
    const r = await h.settings({ switches: { timestampWindow: -1, nope: true } });
    expect(r.status).toBe(400);
    expect(String(json(r.body).error_description)).toContain('switches.timestampWindow');
    expect(String(json(r.body).error_description)).toContain('"nope"');
  });

  it('bad clock advance and unknown token are explained', async () => {
    expect((await h.admin('POST', '/_mock/clock/advance', { seconds: -5 })).status).toBe(400);
    const r = await h.admin('POST', '/_mock/oauth1/access-tokens/unknown/deauthorize');
    expect(r.status).toBe(404);
    expect(json(r.body).error_description).toContain('unknown');
    expect((await h.send({ path: '/_mock/nothing' })).status).toBe(404);
  });

  it('unknown paths get a 404 that lists the endpoints', async () => {
    const r = await h.send({ path: '/nope' });
    expect(r.status).toBe(404);
    expect(json(r.body).error_description).toContain('/oauth/v1/request_token');
  });

  it('a foreign Host header (DNS rebinding) → 421', async () => {
    const r = await h.send({ path: '/_mock/state', headers: { host: 'evil.example' } });
    expect(r.status).toBe(421);
  });

  /** The status and content type of GET /_mock/events, read from the response head (a stream never ends). */
  const openEvents = (host: string) =>
    new Promise<{ status: number; type: string | undefined; body: Promise<string> }>((resolve, reject) => {
      const url = new URL(h.base);
      const req = request(
        { host: url.hostname, port: url.port, path: '/_mock/events', headers: { host }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          const body = new Promise<string>((done) => res.on('end', () => done(Buffer.concat(chunks).toString('utf8'))));
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body });
          if (res.statusCode === 200) req.destroy();
        }
      );
      req.on('error', reject);
      req.end();
    });

  it('the event stream refuses a foreign Host header too (a rebinding page would read every exchange)', async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    const refused = await openEvents('evil.example');
    off();
    expect(refused.status).toBe(421);
    expect(json(await refused.body).error_description).toContain('evil.example');
    expect(seen.map((e) => [e.endpoint, e.exchange.request.url])).toEqual([
      ['mock.host_check', expect.stringContaining('/_mock/events')],
    ]);
    const own = await openEvents(h.host);
    expect(own.status).toBe(200);
    expect(own.type).toContain('text/event-stream');
  });
});

describe('restartable server', () => {
  it('stop() then start() serves again and keeps the state', async () => {
    const own = await new Harness().start();
    const t = await requestToken(own);
    await own.stop();
    expect(own.provider.running).toBe(false);
    await own.start();
    const page = await own.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
    expect(page.status).toBe(200);
    await own.stop();
  });
});

describe('CONNECT', () => {
  it('gets a 405 answer with Allow, like any method the mock does not serve, and is published', async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(h.base).port), '127.0.0.1');
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.on('connect', () => socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`));
    });
    off();
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(head).toMatch(/\r\nAllow: GET, POST\r\n/);
    expect(Number(/\r\nContent-Length: (\d+)/.exec(head!)?.[1])).toBe(Buffer.byteLength(body!));
    expect(json(body!)).toMatchObject({
      error: 'method_not_allowed',
      error_description: expect.stringContaining('not a proxy'),
    });
    expect(seen.map((e) => [e.endpoint, e.exchange.request.method, e.exchange.response.status])).toEqual([
      ['mock.method_not_allowed', 'CONNECT', 405],
    ]);
  });
});
