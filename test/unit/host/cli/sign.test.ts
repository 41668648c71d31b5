import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import {
  baseStringUri,
  normalizeParameters,
  parseAuthorizationHeader,
  queryParameters,
  formBodyParameters,
  signatureBaseString,
  signingKey,
  verifySignature,
} from '../../../../shared/oauth1';

const run = (argv: string[], stdin = '') => runCli(['sign', ...argv], stdin);

const rfc = [
  '--method',
  'POST',
  '--url',
  'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
  '--form',
  'c2=',
  '--form',
  'a3=2 q',
  '--consumer-key',
  '9djdj82h48djs9d2',
  '--consumer-secret',
  'j49sk3j29djd',
  '--token',
  'kkk9d7dh3k39sjv7',
  '--token-secret',
  'dh893hdasih9',
  '--nonce',
  '7d8f3e4a',
  '--timestamp',
  '137131201',
];

describe('oauth-lab sign', () => {
  it('--format json prints the RFC 5849 §3.4.1 example with its intermediates', async () => {
    const { code, out } = await run([...rfc, '--format', 'json', '--realm', 'Example']);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.signingKey).toBe('j49sk3j29djd&dh893hdasih9');
    expect(r.baseString).toMatch(/^POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da/);
    expect(r.authorization).toMatch(/^OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2"/);
    expect(parseAuthorizationHeader(r.authorization).params).toContainEqual(['oauth_signature', r.signature]);
  });
  it('a secret that starts with "-" is taken as --flag=value, and --flag -value says how to write it', async () => {
    const base = [
      '--url',
      'http://127.0.0.1/a',
      '--consumer-key',
      'k',
      '--nonce',
      'n',
      '--timestamp',
      '1',
      '--format',
      'json',
    ];
    const refused = await run([...base, '--consumer-secret', '-s3cret']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /--consumer-secret takes a value, and the next argument "-s3cret" starts with "-": write --consumer-secret=-s3cret if that is the value\./
    );
    const { code, out } = await run([...base, '--consumer-secret=-s3cret']);
    expect(code).toBe(0);
    expect(JSON.parse(out).signingKey).toBe('-s3cret&');
  });
  it('without oauth_version the RFC example reproduces the published (erratum 2550) signature', async () => {
    // RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1) sends no oauth_version; the corrected signature is r6/TJjbCOr97/+UU0NsvSne7s5g=.
    expect(JSON.parse((await run([...rfc, '--no-version', '--format', 'json'])).out).signature).toBe(
      'r6/TJjbCOr97/+UU0NsvSne7s5g='
    );
    const { out } = await run(
      ['--stdin'],
      JSON.stringify({
        method: 'POST',
        url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
        form: [
          ['c2', ''],
          ['a3', '2 q'],
        ],
        consumerKey: '9djdj82h48djs9d2',
        consumerSecret: 'j49sk3j29djd',
        token: 'kkk9d7dh3k39sjv7',
        tokenSecret: 'dh893hdasih9',
        nonce: '7d8f3e4a',
        timestamp: 137131201,
        realm: null,
        includeVersion: false,
      })
    );
    expect(JSON.parse(out).signature).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });
  it('--stdin answers one line per input line, in order, with an error line for a bad one', async () => {
    const good = { url: 'http://127.0.0.1/a', consumerKey: 'k', consumerSecret: 's', nonce: 'n', timestamp: '1' };
    const input = [
      JSON.stringify(good),
      '{nope',
      JSON.stringify({ ...good, signatureMethod: 'HMAC-MD5' }),
      JSON.stringify({ ...good, extra: 1 }),
      JSON.stringify({ ...good, url: 'ftp://x' }),
      JSON.stringify({ ...good, method: 'PUT' }),
    ].join('\n');
    const { code, out, err } = await run(['--stdin'], input);
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    expect(lines[0].signature).toBe(
      Buffer.from(
        nodeCrypto.hmac(
          'SHA-1',
          's&',
          'GET&http%3A%2F%2F127.0.0.1%2Fa&oauth_consumer_key%3Dk%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1%26oauth_version%3D1.0'
        )
      ).toString('base64')
    );
    expect(lines[1].error).toMatch(/^line 2: line 2 is not JSON/);
    expect(lines[2].error).toMatch(/signatureMethod must be one of HMAC-SHA1/);
    expect(lines[3].error).toMatch(/input: unknown key "extra"/);
    expect(lines[4]).toMatchObject({
      code: 'invalid_url',
      error: expect.stringMatching(/scheme "ftp" is not supported/),
    });
    expect(lines[5].request.method).toBe('PUT');
    expect(code).toBe(1);
    expect(err).toMatch(/4 of 6 input line\(s\) could not be signed/);
  });
  it('fresh nonce and timestamp when not given', async () => {
    const a = JSON.parse((await run(['--url', 'http://127.0.0.1/', '--consumer-key', 'k', '--format', 'json'])).out);
    const b = JSON.parse((await run(['--url', 'http://127.0.0.1/', '--consumer-key', 'k', '--format', 'json'])).out);
    const nonce = (r: { authorization: string }) =>
      parseAuthorizationHeader(r.authorization).params.find(([n]) => n === 'oauth_nonce')![1];
    expect(nonce(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(nonce(a)).not.toBe(nonce(b));
    const ts = +parseAuthorizationHeader(a.authorization).params.find(([n]) => n === 'oauth_timestamp')![1];
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
  });
  it.each([
    [['--url', 'http://a/'], /--consumer-key is required/],
    [['--consumer-key', 'k'], /--url is required/],
    [['--url', 'http://a/', '--consumer-key', 'k', '--form', 'novalue'], /--form "novalue" must be name=value/],
    [
      ['--url', 'http://a/', '--consumer-key', 'k', '--signature-method', 'hmac-sha1'],
      /--signature-method "hmac-sha1" is not supported/,
    ],
    [['--url', 'http://a/', '--consumer-key', 'k', '--format', 'xml'], /--format must be one of text, json, curl/],
    [['--url', 'http://a/', '--consumer-key', 'k', '--bogus'], /Unknown option '--bogus'/],
    [
      [
        '--url',
        'http://a/',
        '--consumer-key',
        'k',
        '--private-key',
        '/nonexistent.pem',
        '--signature-method',
        'RSA-SHA1',
      ],
      /cannot read the file \(ENOENT\)/,
    ],
  ])('bad flags %j give a clear error and exit 2', async (argv, message) => {
    const { code, err } = await run(argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
  it('a protocol error names the step and exits 1', async () => {
    const { code, err } = await run(['--url', 'http://a:0/', '--consumer-key', 'k']);
    expect(code).toBe(1);
    expect(err).toMatch(/^oauth-lab sign: query-parameters: Invalid URL "http:\/\/a:0\/": port "0"/);
  });
});

describe('oauth-lab sign --format curl, run by the real curl against a verifying server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // Verifies with the RFC functions, rebuilding the base string URI from the Host header as a provider does.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const header = parseAuthorizationHeader(req.headers.authorization ?? '');
        const target = new URL(req.url!, 'http://x');
        const oauth = header.params.filter(([n]) => n !== 'oauth_signature');
        const params = [
          ...oauth,
          ...queryParameters(target.search.slice(1)),
          ...formBodyParameters(body, req.headers['content-type']),
        ];
        const base = signatureBaseString(
          req.method!,
          baseStringUri(`http://${req.headers.host}${req.url}`),
          normalizeParameters(params)
        );
        const sig = header.params.find(([n]) => n === 'oauth_signature')![1];
        const ok = verifySignature('HMAC-SHA1', base, signingKey('cs', 'ts'), sig, nodeCrypto);
        res.writeHead(ok ? 200 : 401).end(ok ? 'verified' : `bad signature; base string ${base}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a signed form POST that the server verifies', async () => {
    const { out } = await run([
      '--method',
      'POST',
      '--url',
      `${base}/api/v1/me?q=a%20b&x=it's`,
      '--form',
      'status=Hello Ladies + Gentlemen, a signed OAuth request!',
      '--form',
      'emoji=☃',
      '--consumer-key',
      'ck',
      '--consumer-secret',
      'cs',
      '--token',
      'tk',
      '--token-secret',
      'ts',
      '--format',
      'curl',
    ]);
    // httpsnippet's curl, after the single-use comment: the query is re-encoded, which a server reads the same.
    expect(out).toMatch(/^# Single use: this OAuth 1\.0a request is signed with oauth_nonce "[0-9a-f]{32}"/);
    expect(out).toContain(
      `curl --request POST \\\n  --globoff \\\n  --url '${base}/api/v1/me?q=a%20b&x=it'\\''s' \\\n  --header 'Authorization: OAuth `
    );
    const { stdout } = await promisify(execFile)('sh', ['-c', `${out.trim()} --silent --show-error`]);
    expect(stdout).toBe('verified');
  });
  it('the real binary works, built as npm install builds it (prepare)', async () => {
    const child = spawn(process.execPath, [
      'bin/oauth-lab.mjs',
      'sign',
      '--url',
      `${base}/x`,
      '--consumer-key',
      'ck',
      '--consumer-secret',
      'cs',
      '--token',
      'tk',
      '--token-secret',
      'ts',
      '--format',
      'curl',
    ]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(0);
    const { stdout } = await promisify(execFile)('sh', ['-c', `${out.trim()} --silent`]);
    expect(stdout).toBe('verified');
  });
});
