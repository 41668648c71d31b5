import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../platform/node/node-crypto';
import { traceSignature } from '../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../shared/url-encoded';
import { diagnoseSignature } from '../../shared/oauth1/debug';
import { hasRuntime } from '../support/system-runtimes';
import { generateRequests } from './library-harness';

const enabled = hasRuntime('phpOauth');
let php: ChildProcess | null = null;
let port = 0;

/** A free port on 127.0.0.1 (php -S takes no port 0). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

beforeAll(async () => {
  if (!enabled) return;
  port = await freePort();
  php = spawn('php', ['-S', `127.0.0.1:${port}`, join(__dirname, 'library-pecl-provider.php')], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await send('GET', '/', [], undefined).then(
      () => true,
      () => false
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('php -S did not start');
}, 20_000);

afterAll(() => {
  php?.kill('SIGTERM');
});

function send(
  method: string,
  path: string,
  headers: readonly (readonly [string, string])[],
  body: string | undefined
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: Object.fromEntries(headers.filter(([n]) => n.toLowerCase() !== 'host')),
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** PECL oauth 2.0.7's OAuthProvider verifies requests OAuth Lab signed as RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) says, over real sockets. */
describe('the signature debugger on what PECL OAuthProvider verifies', () => {
  it.skipIf(!enabled)(
    "accepts where its base string is the RFC's, and otherwise the debugger names the server's behaviour (S1)",
    { timeout: 120_000 },
    async () => {
      const requests = generateRequests(5849_06, 200).filter((r) => r.method === 'GET' || r.method === 'POST');
      let rejected = 0;
      const named = new Set<string>();
      for (const g of requests) {
        const url = `http://127.0.0.1:${port}${new URL(g.url).pathname}${new URL(g.url).search}`;
        const t = traceSignature(
          {
            method: g.method,
            url,
            ...(g.body !== null ? { body: g.body, contentType: FORM_CONTENT_TYPE } : {}),
            consumerKey: 'ck',
            consumerSecret: 'cs',
            token: 'tk',
            tokenSecret: 'ts',
            signatureMethod: 'HMAC-SHA1',
            nonce: g.nonce,
            timestamp: g.timestamp,
          },
          nodeCrypto
        );
        const res = await send(t.request.method, url.slice(url.indexOf('/', 8)), t.request.headers, t.request.body);
        const where = `${JSON.stringify(t.request)} answered ${res.status} ${res.text}`;
        if (res.status === 200) {
          expect(res.text.trim(), where).toBe('ok');
          continue;
        }
        rejected++;
        const serverBase = /debug_sbs=(.*)$/s.exec(res.text.trim())?.[1];
        expect(serverBase, where).toBeDefined();
        expect(serverBase, where).not.toBe(t.baseString);
        const d = diagnoseSignature(
          { request: t.request, consumerSecret: 'cs', tokenSecret: 'ts', serverBaseString: serverBase! },
          nodeCrypto
        );
        // S1 (PHP's request variables) and what PECL's client code does too (its sort D2, its integer names D10).
        expect(d.serverLibraries.behaviours.length, `${d.summary} ${where}`).toBeGreaterThan(0);
        for (const b of d.serverLibraries.behaviours)
          expect(
            b.libraries.map((l) => l.library),
            `${d.summary} ${where}`
          ).toContain('peclOauth');
        expect(
          d.serverLibraries.libraries.map((l) => l.library),
          `${d.summary} ${where}`
        ).toContain('peclOauth');
        for (const b of d.serverLibraries.behaviours) named.add(b.id);
        expect(d.summary, where).toMatch(/Your server verifies like .*PECL oauth 2\.0\.7/);
      }
      // The generator's dotted and spaced names and repeated names make it refuse some correctly signed requests.
      expect(rejected).toBeGreaterThan(3);
      expect([...named]).toContain('S1');
    }
  );
});
