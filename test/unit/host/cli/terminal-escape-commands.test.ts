import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/*
 * Every command's every output, text and JSON, with a hostile value in it: no control character reaches the
 * terminal (ESC sequences, BEL, CR, C1 controls such as the 8-bit CSI, bidirectional overrides), JSON stays valid
 * and decodes to the value the server sent (`--json` writes them as JSON string escapes, \u001b). main.ts escapes
 * every write (terminalSafeOutput); values put into a line go through terminalSafe too. An export (`sign --format`)
 * alone is written byte for byte, being data made from the user's flags (sign-format.test.ts).
 */

const ESC = '\u001b';
const HOSTILE = `x${ESC}]0;pwned\u0007${ESC}[2J\u009b31m\u202egnp.exe\r\nFAKE LINE`;
/** Any control character but a line break (the outputs' own). */
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** A server that answers with raw bytes (node:http refuses control characters in a status reason). */
function answer(path: string, base: string): { head: string; body: Buffer } {
  if (path.startsWith('/.well-known/')) {
    const body = Buffer.from(
      JSON.stringify({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        service_documentation: HOSTILE,
      })
    );
    return { head: 'HTTP/1.1 200 OK\r\nContent-Type: application/json', body };
  }
  return {
    head: `HTTP/1.1 401 Unauthorized${ESC}]0;pwned\u0007\r\nContent-Type: text/plain`,
    body: Buffer.from(`denied: ${HOSTILE}`, 'utf8'),
  };
}

let server: ReturnType<typeof createServer>;
let base = '';
beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let seen = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      seen = Buffer.concat([seen, d]);
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = seen.subarray(0, end).toString('latin1');
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (seen.length < end + 4 + length) return;
      const reply = answer(head.split(' ')[1] ?? '/', base);
      socket.end(
        Buffer.concat([
          Buffer.from(`${reply.head}\r\nContent-Length: ${reply.body.length}\r\nConnection: close\r\n\r\n`, 'latin1'),
          reply.body,
        ])
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** No control character; `oneLine`: the value's line break did not start a line of output either. */
function expectSafe(r: { out: string; err: string }, oneLine = true): void {
  expect(r.out).not.toMatch(CONTROLS);
  expect(r.err).not.toMatch(CONTROLS);
  if (oneLine) expect(`${r.out}${r.err}`).not.toMatch(/^FAKE LINE/m);
}

describe('oauth-lab discover with a hostile metadata document', () => {
  it('--json: the document with its values as JSON escapes, decoding to what the server sent', async () => {
    const r = await runCli(['discover', base, '--kind', 'openid', '--json']);
    expectSafe(r);
    expect(r.out).toContain('\\u001b]0;pwned\\u0007');
    expect(r.out).toContain('\\u009b31m\\u202egnp.exe');
    expect((JSON.parse(r.out) as { document: { service_documentation: string } }).document.service_documentation).toBe(
      HOSTILE
    );
  });

  it('text: the document escaped', async () => {
    const r = await runCli(['discover', base, '--kind', 'openid']);
    expectSafe(r);
    expect(r.out).toContain('service_documentation');
  });
});

describe('oauth-lab call with a hostile response', () => {
  const argv = () => ['call', '--url', `${base}/api`, '--bearer', 'token-1', '--no-history'];

  it('text: the status reason and the body escaped (the body keeps its own lines)', async () => {
    const r = await runCli(argv());
    expectSafe(r, false);
    expect(r.err).toContain('HTTP 401 Unauthorized\\e]0;pwned\\x07');
    expect(r.out).toContain('denied: x\\e]0;pwned\\x07\\e[2J\\x9b31m\\u202egnp.exe');
  });

  it('--json: the exchange as JSON escapes, decoding to what the server sent', async () => {
    const r = await runCli([...argv(), '--json']);
    expectSafe(r);
    const sent = JSON.parse(r.out) as { exchanges: { response: { statusText: string; bodyText: string } }[] };
    expect(sent.exchanges[0]!.response.bodyText).toBe(`denied: ${HOSTILE}`);
    expect(r.out).toContain('\\u009b31m\\u202egnp.exe');
  });
});

describe('oauth-lab debug with a hostile request and server base string', () => {
  const request = [
    `POST /api?q=${encodeURIComponent(HOSTILE)} HTTP/1.1`,
    'Host: api.example.com',
    `Authorization: OAuth oauth_consumer_key="k", oauth_nonce="n", oauth_timestamp="1", oauth_signature_method="HMAC-SHA1", oauth_signature="c2ln", oauth_version="1.0"`,
    'Content-Type: application/x-www-form-urlencoded',
    '',
    `note=${HOSTILE}`,
  ].join('\r\n');
  const serverBaseString = `POST&${encodeURIComponent('https://api.example.com/api')}&${HOSTILE}`;
  const argv = ['debug', '--request-file', '-', '--consumer-secret', 's', '--server-base-string', serverBaseString];

  it('text: every line one line, escaped', async () => {
    const r = await runCli(argv, request);
    expectSafe(r);
    expect(r.out).toContain('Verdict:');
  });

  it('--json: valid JSON, the values as JSON escapes', async () => {
    const r = await runCli([...argv, '--json'], request);
    expectSafe(r);
    const d = JSON.parse(r.out) as { serverBaseString: string | null; verdict: string };
    expect(d.verdict).not.toBe('match');
    expect(r.out).toContain('\\u009b31m');
  });
});

describe('oauth-lab sign with a hostile value', () => {
  const argv = ['sign', '--url', 'https://api.example.com/r', '--consumer-key', 'k', '--realm', HOSTILE];

  it('text and --format json: escaped, and the JSON decodes to the value given', async () => {
    const text = await runCli([...argv, '--nonce', 'n', '--timestamp', '1']);
    expectSafe(text);
    const json = await runCli([...argv, '--nonce', 'n', '--timestamp', '1', '--format', 'json']);
    expectSafe(json);
    expect(JSON.stringify(JSON.parse(json.out))).toContain('gnp.exe');
    expect(json.out).toContain('\\u202egnp.exe');
  });
});

describe('oauth-lab mock and web with a hostile value in an error', () => {
  it('the message names the value, escaped', async () => {
    for (const argv of [
      ['mock', '--auto-login', HOSTILE],
      ['web', '--port', HOSTILE, '--no-open'],
    ]) {
      const r = await runCli(argv);
      expect(r.code, r.err).toBe(2);
      expectSafe(r);
      expect(r.err).toMatch(/\\x9b31m\\u202egnp\.exe/);
    }
  });
});
