import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import type { RawRequest } from '../../../../shared/http';
import { signBaseString, traceSignature, type SignatureInput } from '../../../../shared/oauth1';

const run = (argv: string[], stdin = '') => runCli(['debug', ...argv], stdin);

const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-debug-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const input: SignatureInput = {
  method: 'POST',
  url: 'https://api.example.com/1/statuses/update.json?include_entities=true',
  body: 'status=Hello%20world',
  contentType: 'application/x-www-form-urlencoded',
  consumerKey: 'ck',
  consumerSecret: 'cs',
  token: 'tk',
  tokenSecret: 'ts',
  signatureMethod: 'HMAC-SHA1',
  nonce: 'n0nce',
  timestamp: '1700000000',
};
const secrets = ['--consumer-secret', 'cs', '--token-secret', 'ts'];
const right = traceSignature(input, nodeCrypto);
/** The same request, signed over a base string without the form body (Postman #1838). */
const wrong: RawRequest = (() => {
  const noBody = traceSignature({ ...input, body: undefined, contentType: undefined }, nodeCrypto);
  const sig = signBaseString('HMAC-SHA1', noBody.baseString, right.signingKey, nodeCrypto).signature;
  return {
    ...right.request,
    headers: right.request.headers.map(([n, v]) => [
      n,
      v.replace(encodeURIComponent(right.signature), encodeURIComponent(sig)),
    ]),
  };
})();
const rawHttp = (r: RawRequest) =>
  [
    `${r.method} /1/statuses/update.json?include_entities=true HTTP/1.1`,
    'Host: api.example.com',
    ...r.headers.map(([n, v]) => `${n}: ${v}`),
    '',
    r.body ?? '',
  ].join('\r\n');
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const curl = (r: RawRequest) =>
  [
    `curl -X ${r.method} ${q(r.url)}`,
    ...r.headers.map(([n, v]) => `-H ${q(`${n}: ${v}`)}`),
    `--data-raw ${q(r.body!)}`,
  ].join(' \\\n  ');
const authorization = (r: RawRequest) => r.headers.find(([n]) => n === 'Authorization')![1];

describe('oauth-lab debug', () => {
  it('a raw HTTP request whose signature matches: exit 0, the verdict and the base string', async () => {
    const { code, out, err } = await run(['--request-file', file('ok.http', rawHttp(right.request)), ...secrets]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^Request: POST https:\/\/api.example.com\/1\/statuses\/update.json\?include_entities=true \(raw HTTP; OAuth parameters in the header, HMAC-SHA1\)/
    );
    expect(out).toMatch(
      /Verdict: match\. The signature matches \(HMAC-SHA1\).*\nAssumed: https\. The raw request does not say whether it was sent over TLS; https is assumed/
    );
    expect(out).toContain(`Base string (RFC 5849 §3.4.1):\n  ${right.baseString}`);
    expect(out).not.toContain('Re-signed');
  });

  it('a raw HTTP request to 127.0.0.1 is read as http, signed so it matches, and the verdict says http was assumed', async () => {
    const local = traceSignature({ ...input, url: 'http://127.0.0.1:4010/1/statuses/update.json' }, nodeCrypto);
    const raw = rawHttp(local.request)
      .replace('?include_entities=true', '')
      .replace('api.example.com', '127.0.0.1:4010');
    const { code, out } = await run(['--request-file', file('local.http', raw), ...secrets]);
    expect(out).toMatch(/^Request: POST http:\/\/127\.0\.0\.1:4010\/1\/statuses\/update\.json /);
    expect(out).toMatch(/\nAssumed: http\. .*http is assumed, as 127\.0\.0\.1 is a loopback host/);
    expect(out).not.toMatch(/Another scheme was signed|The scheme assumed/);
    expect(code).toBe(0);
    const json = JSON.parse((await run(['--request-file', file('local.http', raw), ...secrets, '--json'])).out);
    expect(json.request.assumedScheme.scheme).toBe('http');
  });

  it('a curl command with the body left out of the signature: exit 1, the base strings with ^ marks, the cause', async () => {
    const { code, out } = await run(['--curl', curl(wrong), ...secrets]);
    expect(code).toBe(1);
    expect(out).toContain(
      "Verdict: mismatch. The signature does not match (HMAC-SHA1). Your client's signature is reproduced with: the form body was left out of the signature."
    );
    expect(out).toMatch(/  expected  \S+  \(OAuth Lab, same nonce and timestamp\)/);
    expect(out).toMatch(
      /Base strings \(RFC 5849 §3\.4\.1\), differences marked with \^ from character \d+:\n  your client's \(reproduced\)  POST&https%3A/
    );
    expect(out).toMatch(/\n\s+\^+\n/);
    expect(out).toContain('1. The form body was left out of the signature (RFC 5849 §3.4.1.3.1)');
    expect(out).toContain("- The form body's parameters (status=Hello world) are not in the signature.");
    expect(out).toContain(
      `Re-signed by OAuth Lab (only oauth_signature changes):\n  Authorization: ${right.authorization}`
    );
  });

  it('the caret line sits under the characters that differ', async () => {
    const { out } = await run(['--curl', curl(wrong), ...secrets]);
    const lines = out.split('\n');
    const top = lines.findIndex((l) => l.startsWith("  your client's (reproduced)"));
    const [a, b, marks] = [lines[top]!, lines[top + 1]!, lines[top + 2]!];
    for (let i = 0; i < marks.length; i++) if (marks[i] === '^') expect(a[i] === b[i], `column ${i}`).toBe(false);
  });

  it('--url with --authorization and --body, --json', async () => {
    const { code, out } = await run([
      '--url',
      wrong.url,
      '--method',
      'POST',
      '--body',
      wrong.body!,
      '--authorization',
      authorization(wrong),
      ...secrets,
      '--json',
    ]);
    expect(code).toBe(1);
    const r = JSON.parse(out);
    expect(r).toMatchObject({
      verdict: 'mismatch',
      signatureMethod: 'HMAC-SHA1',
      placement: 'header',
      expectedSignature: right.signature,
      baseString: right.baseString,
      request: { origin: 'fields', method: 'POST' },
    });
    expect(r.causes.map((c: { cause: string }) => c.cause)).toEqual(['body-left-out']);
    expect(r.reproductions[0].mistakes[0]).toMatchObject({ cause: 'body-left-out', section: 'RFC 5849 §3.4.1.3.1' });
    expect(r.resigned.headers).toContainEqual(['Authorization', right.authorization]);
    expect(r.request.notes[0]).toMatch(/application\/x-www-form-urlencoded is assumed/);
    expect(JSON.stringify(r)).not.toContain('cs&ts');
  });

  it('--curl-file and --request-file - (stdin)', async () => {
    expect((await run(['--curl-file', file('c.sh', curl(right.request)), ...secrets])).code).toBe(0);
    expect((await run(['--request-file', '-', ...secrets], rawHttp(wrong))).code).toBe(1);
  });

  it('--server-base-string: the server signs http behind a proxy; no secrets needed to compare', async () => {
    const server = right.baseString.replace('https%3A', 'http%3A');
    const withSecrets = await run(['--curl', curl(right.request), ...secrets, '--server-base-string', server]);
    expect(withSecrets.code).toBe(1);
    expect(withSecrets.out).toMatch(
      /The signature is right for the request as sent \(RFC 5849\), but the server's base string differs \(HMAC-SHA1\): another scheme was signed\./
    );
    expect(withSecrets.out).toContain("server's");
    const alone = await run(['--curl', curl(right.request), '--server-base-string', server, '--json']);
    expect(alone.code).toBe(1);
    expect(JSON.parse(alone.out)).toMatchObject({ verdict: 'unverified', causes: [{ cause: 'uri-scheme' }] });
  });

  it('--client-base-string: a parameter signed but never sent (Postman #7522)', async () => {
    const client = traceSignature({ ...input, body: 'status=Hello%20world&draft=true' }, nodeCrypto);
    const request = {
      ...right.request,
      headers: right.request.headers.map(([n, v]): [string, string] => [
        n,
        v.replace(encodeURIComponent(right.signature), encodeURIComponent(client.signature)),
      ]),
    };
    const { code, out } = await run(['--curl', curl(request), ...secrets, '--client-base-string', client.baseString]);
    expect(code).toBe(1);
    expect(out).toContain('- draft=true is in the signed base string only.');
  });

  it('--rsa-public-key verifies an RSA-SHA256 signature', async () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const rsa = traceSignature(
      { ...input, signatureMethod: 'RSA-SHA256', privateKeyPem: keys.privateKey, token: null, tokenSecret: null },
      nodeCrypto
    );
    const pub = file('pub.pem', keys.publicKey);
    expect((await run(['--curl', curl(rsa.request), '--rsa-public-key', pub])).code).toBe(0);
    const tampered = { ...rsa.request, body: 'status=Hello%20World' };
    const { code, out } = await run(['--curl', curl(tampered), '--rsa-public-key', pub]);
    expect(code).toBe(1);
    expect(out).toMatch(/Verdict: mismatch/);
    // A file that holds no usable public key is named as such, not reported as a mismatch.
    for (const [name, text, why] of [
      ['priv.pem', keys.privateKey, /is a private key/],
      ['junk.pem', 'not a key', /could not be read: expected a PEM public key/],
    ] as const) {
      const bad = await run(['--curl', curl(rsa.request), '--rsa-public-key', file(name, text)]);
      expect(bad.code).toBe(2);
      expect(bad.out).toBe('');
      expect(bad.err).toMatch(
        new RegExp(`^oauth-lab debug: --rsa-public-key \\S+${name.replace('.', '\\.')} ${why.source}`)
      );
    }
  });

  it('a request without OAuth parameters (Postman #1898) exits 1 and says so', async () => {
    const { code, err } = await run(['--curl', `curl https://api.example.com/1 -d status=x`, ...secrets]);
    expect(code).toBe(1);
    expect(err).toMatch(/^oauth-lab debug: debug-request: The request carries no oauth_\* parameters.*#1898/);
  });

  it.each([
    [[...secrets], /give the request: --request-file FILE/],
    [['--curl', 'curl https://a/', '--url', 'https://a/', ...secrets], /one way only; got --curl and --url/],
    [['--curl', 'curl https://a/', '--body', 'x', ...secrets], /--body goes with --url/],
    [['--request-file', '/nonexistent/x.http', ...secrets], /cannot read the file \(ENOENT\)/],
    [['--request-file', 'x', '--scheme', 'ftp', ...secrets], /--scheme must be http or https/],
    [['--curl', 'curl https://a/', '--scheme', 'http', ...secrets], /--scheme goes with --request-file/],
    [['--curl', 'curl https://a/ | jq', ...secrets], /^oauth-lab debug: curl: The shell operator "\|"/],
    [['--curl', 'curl https://a/ -F a=1', ...secrets], /multipart/],
    [
      ['--url', 'https://a/', '--header', 'nocolon', ...secrets],
      /--header "nocolon": expected "Name: value", e.g. --header "Accept: application\/json"/,
    ],
    [
      ['--url', 'https://a/', '--authorization', 'OAuth a=1', ...secrets],
      /authorization-header: .*must be in double quotes/,
    ],
    [['--curl', 'curl https://a/'], /nothing to check the signature with/],
    [
      ['--curl', 'curl https://a/', '--server-base-string', 'POST&x'],
      /--server-base-string: This is not a signature base string/,
    ],
    [['--curl', 'curl https://a/', '--bogus'], /Unknown option '--bogus'/],
  ])('usage error %j exits 2', async (argv, message) => {
    const { code, err, out } = await run(argv as string[]);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(code).toBe(2);
  });

  it('--help, and the command list names debug', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: oauth-lab debug --request-file FILE/);
    const { out } = await runCli(['--help']);
    expect(out).toMatch(/\n  debug +Check the OAuth 1.0a signature of a request/);
  });
});
