import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { createAppStore } from '../../../../host/store';
import { send } from '../../../../platform/node/transport';
import { oauth1ConfigOf, oauth1Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { runCli } from './run-cli';

/*
 * `oauth-lab call` signs an OAuth 1.0a request with the engine's builder (shared/flows/oauth1-flow.ts
 * signedRequestInput, sentRequest), as the app's API leg does: for generated profiles, tokens and requests, the
 * bytes call puts on the wire equal those of the engine's buildApiRequest with the same nonce and timestamp, sent
 * through the same transport. Everything but the two ports' values (nonce, timestamp) is compared, the signature too.
 */

/** A server on 127.0.0.1 that keeps each request's bytes as received and answers 200. */
let server: Server;
let base: string;
let received: Buffer[] = [];
beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let data = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(data.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      received.push(data);
      socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '0',
    '-',
    '.',
    '_',
    '~',
    ' ',
    '+',
    '%',
    '&',
    '=',
    '/',
    ':',
    '!',
    '*',
    "'",
    'é',
    '中',
    '😀'
  ),
  maxLength: 10,
});
const nonEmpty = fc.string({
  unit: fc.constantFrom('k', '7', ' ', '%', '&', '+', '~', 'é', '中'),
  minLength: 1,
  maxLength: 8,
});
const formName = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '%', '&', '+', 'é'), minLength: 1, maxLength: 5 });
const headerValue = fc
  .string({ unit: fc.constantFrom('a', 'B', '1', ' ', ';', '/', ','), minLength: 1, maxLength: 8 })
  .map((v) => v.trim() || 'v');

const cases = fc
  .record({
    consumerKey: nonEmpty,
    consumerSecret: text,
    signatureMethod: fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'PLAINTEXT'),
    placement: fc.constantFrom('header', 'query', 'body'),
    // A header value is Latin-1 on the wire; the realm is quoted there as is (RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1)).
    realm: fc.oneof(
      fc.constant(''),
      fc.string({ unit: fc.constantFrom('l', 'a', 'b', ' ', '/', '.'), minLength: 1, maxLength: 6 })
    ),
    includeVersion: fc.boolean(),
    headers: fc.array(fc.tuple(fc.constantFrom('User-Agent', 'X-Team', 'Accept'), headerValue), { maxLength: 2 }),
    basePath: fc.constantFrom('', '/base', '/v1/'),
    token: nonEmpty,
    tokenSecret: text,
    method: fc.constantFrom('GET', 'POST', 'PUT'),
    path: fc
      .tuple(
        fc.constantFrom('/api/v1/me', '/services/rest', '/a%20b/c'),
        fc.constantFrom('', '?q=a%20b', '?list=1&list=2', '?x=%E2%9C%93&empty=')
      )
      .map(([p, q]) => p + q),
    form: fc.array(fc.tuple(formName, text), { maxLength: 3 }),
  })
  // A GET has no body: no form, and no protocol parameters in one (RFC 5849 §3.5.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.2)).
  .filter((c) => c.method !== 'GET' || (c.form.length === 0 && c.placement !== 'body'));

/** The nonce and timestamp call drew, read from where the placement put them. */
function portValues(request: string): { nonce: string; timestamp: string } {
  const nonce = /oauth_nonce(?:="|=)([0-9a-f]{32})/.exec(request)?.[1];
  const timestamp = /oauth_timestamp(?:="|=)([0-9]+)/.exec(request)?.[1];
  if (!nonce || !timestamp) throw new Error(`no oauth_nonce or oauth_timestamp in:\n${request}`);
  return { nonce, timestamp };
}

describe('oauth-lab call and the engine send the same OAuth 1.0a request', () => {
  it('byte for byte on the wire (request line, headers in order, body), for generated profiles and requests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-call-parity-'));
    try {
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const profile = profileSchema.parse({
            id: 'p',
            name: 'Generated',
            baseUrl: base + c.basePath,
            headers: c.headers,
            oauth1: {
              consumerKey: c.consumerKey,
              consumerSecret: c.consumerSecret,
              signatureMethod: c.signatureMethod,
              placement: c.placement,
              realm: c.realm,
              includeVersion: c.includeVersion,
            },
          });
          const store = createAppStore({ cwd: dir });
          store.profileSave({ profile });
          store.tokenSave({
            token: {
              id: 't',
              profileId: 'p',
              kind: 'oauth1',
              token: c.token,
              tokenSecret: c.tokenSecret,
              refreshToken: '',
              scope: '',
              obtainedAt: 1,
              expiresAt: null,
              label: 'test',
            },
          });

          received = [];
          const r = await runCli([
            'call',
            '--profile',
            'p',
            '--store-dir',
            dir,
            '--no-history',
            '--url',
            c.path,
            '--method',
            c.method,
            ...c.form.flatMap(([n, v]) => ['--form', `${n}=${v}`]),
          ]);
          expect(r.err).toContain('HTTP 200 OK');
          const fromCall = received[0]!.toString('utf8');

          const state = {
            ...oauth1Flow.startOAuth1(oauth1ConfigOf(profile, profile.baseUrl, 'oob')),
            accessToken: { token: c.token, secret: c.tokenSecret, deauthorized: false },
          };
          const engine = oauth1Flow.buildApiRequest(
            state,
            { method: c.method, path: c.path, form: c.form },
            { ...portValues(fromCall), crypto: nodeCrypto }
          );
          received = [];
          await send(engine.request, { env: {} });
          expect(fromCall).toBe(received[0]!.toString('utf8'));
        }),
        { numRuns: 100 }
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a --header replaces the profile's header of the same name and the default User-Agent; one the request sets itself is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-call-headers-'));
    try {
      const store = createAppStore({ cwd: dir });
      store.profileSave({
        profile: profileSchema.parse({
          id: 'p',
          name: 'Headers',
          baseUrl: base,
          headers: [
            ['X-Team', 'blue'],
            ['Accept', 'text/plain'],
          ],
          oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
        }),
      });
      for (const credentials of [
        ['--consumer-key', 'ck', '--consumer-secret', 'cs'],
        ['--bearer', 'at'],
      ]) {
        received = [];
        const r = await runCli([
          'call',
          '--profile',
          'p',
          '--store-dir',
          dir,
          '--no-history',
          '--url',
          '/x',
          '--header',
          'Accept: application/json',
          '--header',
          'User-Agent: mine/1',
          ...credentials,
        ]);
        expect(r.code).toBe(0);
        const head = received[0]!.toString('utf8').split('\r\n\r\n')[0]!.split('\r\n');
        expect(head.filter((l) => /^(accept|user-agent|x-team):/i.test(l))).toEqual([
          'X-Team: blue',
          'Accept: application/json',
          'User-Agent: mine/1',
        ]);
      }
      const refused = await runCli([
        'call',
        '--url',
        `${base}/x`,
        '--bearer',
        'at',
        '--no-history',
        '--header',
        'Authorization: Basic eA==',
      ]);
      expect(refused).toMatchObject({
        code: 2,
        err: expect.stringContaining('--header: Authorization cannot be an extra header: each leg sets it'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
