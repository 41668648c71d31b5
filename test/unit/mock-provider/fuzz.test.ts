import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthorizationHeader, traceSignature } from '../../../shared/oauth1';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import type { ProviderEvent } from '../../../mock-provider';
import { C, CALLBACK, Harness, signed, threeLegs, tokens } from './helpers';
import { raw } from './raw-socket';

/**
 * Malformed input of any kind never crashes the provider nor gets a 5xx: random bytes in request lines, headers,
 * URLs and bodies, and mutated signed requests, over raw sockets (bodies over 1 MiB and slow clients:
 * request-limits.test.ts).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed);
const TOTAL = 10_000;
const CONCURRENCY = 48;

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const printable = (n: number) => Array.from({ length: n }, () => String.fromCharCode(0x20 + int(95))).join('');
  const nasty = (n: number) =>
    Array.from({ length: n }, () =>
      pick([
        '%',
        '%zz',
        '%C3',
        '%00',
        '+',
        '&',
        '=',
        '"',
        '\\',
        ',',
        ';',
        ' ',
        'é',
        '€',
        '\u0000',
        '\r',
        '\n',
        '\t',
        'a',
        'Z',
        '9',
        '..',
        '/',
        '?',
        '#',
        '%2B',
        '%FF%FE',
        'oauth_',
        '\u{1F600}',
      ])
    ).join('');
  return { next, int, pick, bytes, printable, nasty };
}

const h = new Harness({ timeouts: { headersMs: 1500, requestMs: 2500, checkIntervalMs: 200 } });
const events: ProviderEvent[] = [];
let off = () => false;
beforeAll(async () => {
  await h.start();
  off = h.provider.subscribe((e) => events.push(e)) as () => boolean;
});
afterAll(async () => {
  off();
  await h.stop();
});

const PATHS = [
  '/oauth/v1/request_token',
  '/oauth/v1/access_token',
  '/oauth/v1/authorize',
  '/oauth/v2/authorize',
  '/oauth/v2/token',
  '/api/v1/me',
  '/api/v2/me',
  '/_mock/state',
  '/_mock/settings',
  '/_mock/clock/advance',
  '/_mock/oauth1/access-tokens/x/deauthorize',
  '/_mock/events.json',
  '/',
  '/%',
  '/oauth/v1/request_token/',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'BREW', 'get', 'P\u00d6ST'];
const TYPES = [
  'application/x-www-form-urlencoded',
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded; charset=utf-8',
  '',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  ';;;',
];

describe('fuzz: malformed requests never crash the provider nor get a 5xx', () => {
  it(`${TOTAL} random and mutated requests (seed ${SEED})`, { timeout: 240_000 }, async () => {
    const r = prng(SEED);
    const port = Number(new URL(h.base).port);
    const host = h.host;
    const t1 = await threeLegs(h);
    const t2 = await tokens(h);

    // A valid signed template to mutate.
    const signedTemplate = () => {
      const t = traceSignature(
        {
          method: 'POST',
          url: `${h.base}/api/v1/me?a=1`,
          consumerKey: C.consumer.key,
          consumerSecret: C.consumer.secret,
          token: t1.accessToken,
          tokenSecret: t1.accessSecret,
          signatureMethod: 'HMAC-SHA1',
          nonce: `n${r.int(1e9)}`,
          timestamp: String(h.nowSeconds()),
          body: 'x=1&y=2',
          contentType: 'application/x-www-form-urlencoded',
        },
        nodeCrypto
      );
      return { line: `POST /api/v1/me?a=1 HTTP/1.1`, auth: t.authorization!, body: 'x=1&y=2' };
    };
    const mutate = (s: string) => {
      const chars = [...s];
      const n = 1 + r.int(4);
      for (let i = 0; i < n; i++) {
        const at = r.int(chars.length + 1);
        const op = r.int(3);
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, r.nasty(1 + r.int(3)));
        else chars[at] = r.printable(1);
      }
      return chars.join('');
    };
    const request = (
      line: string,
      headers: string[],
      body: Buffer | string,
      contentLength: number | null = Buffer.byteLength(body)
    ) =>
      Buffer.concat([
        Buffer.from(
          `${line}\r\nHost: ${host}\r\nConnection: close\r\n${headers.map((x) => `${x}\r\n`).join('')}${contentLength === null ? '' : `Content-Length: ${contentLength}\r\n`}\r\n`,
          'latin1'
        ),
        Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
      ]);

    const generators: (() => Buffer[])[] = [
      // Pure random bytes.
      () => [r.bytes(r.int(1500))],
      // A request line with random bytes in the target.
      () => [
        request(
          `${r.pick(METHODS)} ${r.pick(PATHS)}${r.pick(['', '?', '?a=', '#'])}${r.nasty(r.int(30))} HTTP/1.1`,
          [],
          ''
        ),
      ],
      // Random headers (names and values with raw bytes).
      () => [
        Buffer.concat([
          Buffer.from(`${r.pick(METHODS)} ${r.pick(PATHS)} HTTP/1.1\r\nHost: ${host}\r\n`),
          r.bytes(r.int(300)),
          Buffer.from(`: ${r.printable(10)}\r\nContent-Length: 0\r\n\r\n`),
        ]),
      ],
      // Garbage Authorization: OAuth headers.
      () => [
        request(
          `POST ${r.pick(PATHS.slice(0, 6))} HTTP/1.1`,
          [
            `Authorization: ${r.pick(['OAuth ', 'oauth', 'Bearer ', 'Basic ', 'OAuth realm="x",'])}${r.nasty(r.int(60))}`,
          ],
          ''
        ),
      ],
      // Structured OAuth headers with random values.
      () => {
        const params: [string, string][] = [
          'oauth_consumer_key',
          'oauth_token',
          'oauth_signature_method',
          'oauth_timestamp',
          'oauth_nonce',
          'oauth_signature',
          'oauth_version',
          'oauth_callback',
          'oauth_verifier',
          'oauth_body_hash',
          'oauth_x',
        ]
          .filter(() => r.next() < 0.7)
          .map((n) => [
            n,
            r.pick([
              r.nasty(r.int(20)),
              r.printable(r.int(40)),
              String(h.nowSeconds()),
              'HMAC-SHA1',
              '1.0',
              CALLBACK,
              t1.accessToken,
              C.consumer.key,
            ]),
          ]);
        let header: string;
        try {
          header = buildAuthorizationHeader(params);
        } catch {
          header = `OAuth ${params.map(([n, v]) => `${n}="${v.replace(/[^\x20-\x7e]/g, '')}"`).join(',')}`;
        }
        return [
          request(
            `${r.pick(['POST', 'GET'])} ${r.pick(PATHS.slice(0, 6))}${r.pick(['', `?${r.nasty(10)}`])} HTTP/1.1`,
            [header.replace(/[\r\n]/g, ''), `Content-Type: ${r.pick(TYPES)}`],
            r.nasty(r.int(80))
          ),
        ];
      },
      // Mutated valid signed request.
      () => {
        const t = signedTemplate();
        const part = r.int(3);
        return [
          request(
            part === 0 ? mutate(t.line) : t.line,
            [
              `Authorization: ${part === 1 ? mutate(t.auth).replace(/[\r\n]/g, '') : t.auth}`,
              'Content-Type: application/x-www-form-urlencoded',
            ],
            part === 2 ? mutate(t.body) : t.body
          ),
        ];
      },
      // Token endpoint with random forms and Basic headers.
      () => {
        const keys = [
          'grant_type',
          'code',
          'redirect_uri',
          'client_id',
          'client_secret',
          'refresh_token',
          'code_verifier',
          'scope',
          'state',
        ];
        const body = Array.from(
          { length: r.int(8) },
          () =>
            `${r.pick(keys)}=${r.pick([r.nasty(r.int(15)), 'authorization_code', 'refresh_token', C.client.id, C.client.secret, String(t2.refresh_token), CALLBACK])}`
        ).join('&');
        const headers = [
          `Content-Type: ${r.pick(TYPES)}`,
          ...(r.next() < 0.3
            ? [
                `Authorization: Basic ${r.pick([Buffer.from(r.nasty(10)).toString('base64'), r.nasty(10).replace(/[\r\n]/g, '')])}`,
              ]
            : []),
        ];
        return [
          request(
            `${r.pick(['POST', 'POST', 'GET'])} /oauth/v2/token${r.pick(['', '?client_secret=x', `?${r.nasty(5)}`])} HTTP/1.1`,
            headers,
            body
          ),
        ];
      },
      // Authorization endpoints with random queries and login posts.
      () => {
        const q = Array.from(
          { length: r.int(8) },
          () =>
            `${r.pick(['client_id', 'redirect_uri', 'response_type', 'state', 'scope', 'code_challenge', 'code_challenge_method', 'oauth_token', 'oauth_callback', 'grant_type'])}=${r.pick([r.nasty(r.int(20)), C.client.id, encodeURIComponent(CALLBACK), 'code', 'S256', 'x'.repeat(50)])}`
        ).join('&');
        const post = r.next() < 0.3;
        return [
          request(
            `${post ? 'POST' : 'GET'} ${r.pick(['/oauth/v1/authorize', '/oauth/v2/authorize'])}?${q} HTTP/1.1`,
            post ? ['Content-Type: application/x-www-form-urlencoded'] : [],
            post
              ? `csrf=${r.nasty(10)}&username=demo&password=${r.nasty(5)}&decision=${r.pick(['approve', 'deny', r.nasty(4)])}`
              : ''
          ),
        ];
      },
      // Bearer resource.
      () => [
        request(
          `GET /api/v2/me${r.pick(['', `?access_token=${r.nasty(10)}`])} HTTP/1.1`,
          [
            `Authorization: ${r.pick(['Bearer ', 'bearer  ', 'Bearer\t', 'BEARER '])}${r.pick([r.nasty(r.int(30)).replace(/[\r\n]/g, ''), String(t2.access_token)])}`,
          ],
          ''
        ),
      ],
      // Admin JSON with random bodies and random bytes in bodies.
      () => [
        request(
          `${r.pick(['POST', 'PATCH'])} ${r.pick(['/_mock/settings', '/_mock/clock/advance', `/_mock/oauth1/access-tokens/${r.nasty(6).replace(/[\s#?]/g, '')}/deauthorize`])} HTTP/1.1`,
          ['Content-Type: application/json'],
          r.next() < 0.5
            ? r.bytes(r.int(200))
            : JSON.stringify({
                switches: { [r.pick(['checkNonce', 'timestampWindow', 'x'])]: r.pick([true, -1, 'x', null, 1e9]) },
                seconds: r.pick([-1, 'a', 1e12, null]),
              })
        ),
      ],
      // Lying Content-Length (shorter or longer than the body), and chunked bodies with bad framing.
      () => [
        request(
          `POST ${r.pick(PATHS)} HTTP/1.1`,
          ['Content-Type: application/x-www-form-urlencoded'],
          r.nasty(r.int(40)),
          r.int(100)
        ),
      ],
      () => [
        Buffer.from(
          `POST ${r.pick(PATHS)} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${r.pick(['5\r\nhello\r\n0\r\n\r\n', 'zz\r\nxx\r\n', '3\r\nabcdef\r\n0\r\n\r\n', `${r.printable(4)}\r\n`])}`,
          'latin1'
        ),
      ],
    ];

    const statuses = new Map<number | 'none', number>();
    const fiveHundreds: string[] = [];
    let sent = 0;
    const worker = async () => {
      while (sent < TOTAL) {
        const i = sent++;
        const pieces = generators[i % generators.length]!();
        const o = await raw(port, pieces);
        statuses.set(o.status ?? 'none', (statuses.get(o.status ?? 'none') ?? 0) + 1);
        if (o.status !== null && o.status >= 500)
          fiveHundreds.push(
            pieces
              .map((p) => p.toString('latin1'))
              .join('')
              .slice(0, 300)
          );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    if (process.env.FUZZ_REPORT) console.log(JSON.stringify([...statuses].sort()));
    const answered = [...statuses].filter(([s]) => s !== 'none').reduce((n, [, c]) => n + c, 0);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(fiveHundreds, `5xx answers for: ${JSON.stringify(fiveHundreds.slice(0, 3))}`).toEqual([]);
    // Nearly everything gets an HTTP answer (a few raw-byte requests can end before a request line exists).
    expect(answered / TOTAL, JSON.stringify([...statuses])).toBeGreaterThan(0.95);
    expect(events.filter((e) => e.verdict.reason === 'server_error')).toEqual([]);
    // The provider still works.
    expect((await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK })).status).toBe(200);
  });
});
