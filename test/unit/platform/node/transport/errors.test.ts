import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { send } from '../../../../../platform/node/transport';
import { explainNetworkError } from '../../../../../platform/node/transport/errors';
import type { LookupFunction } from 'node:net';
import { failingLookup, httpServer, listen, rawServer } from './helpers';
import { failure } from './failure';

const env = {};

async function closedPort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('transport errors: coded, in words, with the request as it would have been sent', () => {
  it('connection refused', async () => {
    const port = await closedPort();
    const e = await failure(
      send({ method: 'GET', url: `http://127.0.0.1:${port}/x`, headers: [['Accept', 'application/json']] }, { env })
    );
    expect(e.code).toBe('connection_refused');
    expect(e.causeCode).toBe('ECONNREFUSED');
    expect(e.phase).toBe('connect');
    expect(e.message).toBe(
      `Nothing accepts connections at 127.0.0.1:${port} (connection refused). Check the port in the URL and that the server is running.`
    );
    expect(e.request).toMatchObject({
      method: 'GET',
      requestLine: 'GET /x HTTP/1.1',
      headers: [
        ['Host', `127.0.0.1:${port}`],
        ['Accept', 'application/json'],
        ['Connection', 'close'],
      ],
    });
  });

  it('DNS failure (ENOTFOUND) for a name under .invalid, through an injected resolver (no DNS traffic)', async () => {
    const e = await failure(
      send(
        { method: 'GET', url: 'https://no-such-host.invalid/api', headers: [] },
        { env, lookup: failingLookup('ENOTFOUND') }
      )
    );
    expect(e.code).toBe('dns_not_found');
    expect(e.message).toContain('"no-such-host.invalid" could not be resolved (DNS: no such host)');
    expect(e.request.url).toBe('https://no-such-host.invalid/api');
    const t = await failure(
      send({ method: 'GET', url: 'http://flaky.invalid/', headers: [] }, { env, lookup: failingLookup('EAI_AGAIN') })
    );
    expect(t.code).toBe('dns_temporary');
    expect(t.message).toContain('the DNS server did not answer');
  });

  it('connection reset before an answer', async () => {
    const srv = await rawServer((_data, socket) => {
      socket.resetAndDestroy();
      return null;
    });
    const e = await failure(send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] }, { env }));
    expect(e.code).toBe('connection_reset');
    expect(e.message).toMatch(/was closed abruptly \(ECONNRESET\) before a complete answer arrived/);
  });

  it('a server that closes without answering', async () => {
    const srv = await rawServer((_data, socket) => {
      socket.end();
      return null;
    });
    const e = await failure(send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] }, { env }));
    expect(e.code).toBe('connection_reset');
    expect(e.phase).toBe('response');
  });

  it('a body cut off in the middle', async () => {
    const srv = await rawServer((_d, socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly-part');
      setTimeout(() => socket.destroy(), 20);
      return null;
    });
    const e = await failure(send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] }, { env }));
    expect(e.code).toBe('connection_reset');
    expect(e.message).toMatch(/^The body was cut off after 9 bytes\./);
  });

  it('an answer that is not HTTP', async () => {
    const srv = await rawServer('SSH-2.0-OpenSSH_9.6\r\n\r\n');
    const e = await failure(send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] }, { env }));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toMatch(/is not valid HTTP\/1\.1 \(HPE_/);
  });

  it('connect timeout (a resolver that never answers), naming the stage', async () => {
    const never = (() => undefined) as unknown as LookupFunction;
    const started = Date.now();
    const e = await failure(
      send({ method: 'GET', url: 'http://stuck.invalid/', headers: [] }, { env, lookup: never, connectTimeoutMs: 80 })
    );
    expect(e.code).toBe('connect_timeout');
    expect(e.message).toBe(
      'Could not connect to stuck.invalid:80 within 0.08 s (stuck resolving the name or opening the TCP connection). Check the host, the port and the network; a firewall may drop the packets.'
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('total timeout when the server never answers', async () => {
    const srv = await rawServer(null);
    const e = await failure(
      send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/slow`, headers: [] }, { env, timeoutMs: 100 })
    );
    expect(e.code).toBe('timeout');
    expect(e.phase).toBe('response');
    expect(e.message).toBe(
      `No complete answer from 127.0.0.1:${srv.port} within 0.1 s (total time limit, during response). The server may be slow or stuck; try again, or raise the time limit.`
    );
    expect(srv.received).toHaveLength(1);
  });

  it('response size limit, from Content-Length and while streaming', async () => {
    const { port } = await httpServer((req, res) => {
      if (req.url === '/declared') res.writeHead(200, { 'Content-Length': '2000' }).end('x'.repeat(2000));
      else {
        res.writeHead(200);
        res.write('y'.repeat(600));
        setTimeout(() => res.end('y'.repeat(600)), 10);
      }
    });
    const a = await failure(
      send({ method: 'GET', url: `http://127.0.0.1:${port}/declared`, headers: [] }, { env, maxResponseBytes: 1000 })
    );
    expect(a.code).toBe('response_too_large');
    expect(a.message).toBe(
      `The response body from 127.0.0.1:${port} is 2000 bytes (Content-Length), more than the limit of 1000 bytes. Raise the response size limit if this is expected.`
    );
    const b = await failure(
      send({ method: 'GET', url: `http://127.0.0.1:${port}/streamed`, headers: [] }, { env, maxResponseBytes: 1000 })
    );
    expect(b.code).toBe('response_too_large');
    expect(b.message).toMatch(/is over 1200 bytes and still arriving, more than the limit of 1000 bytes/);
    const ok = await send(
      { method: 'GET', url: `http://127.0.0.1:${port}/declared`, headers: [] },
      { env, maxResponseBytes: 2000 }
    );
    expect(ok.response.bodySize).toBe(2000);
  });

  it('cancelled through an AbortSignal, before or during the exchange', async () => {
    const srv = await rawServer(null);
    const ac = new AbortController();
    const pending = send(
      { method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] },
      { env, signal: ac.signal }
    );
    setTimeout(() => ac.abort(), 30);
    const e = await failure(pending);
    expect(e.code).toBe('aborted');
    expect(e.message).toBe(`The request to 127.0.0.1:${srv.port} was cancelled before the answer was complete.`);
    expect(
      (
        await failure(
          send(
            { method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] },
            { env, signal: AbortSignal.abort() }
          )
        )
      ).code
    ).toBe('aborted');
  });

  it('rejects bad requests before anything is sent, saying what is wrong', async () => {
    const srv = await rawServer('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    const url = `http://127.0.0.1:${srv.port}/`;
    const cases: [Parameters<typeof send>[0], RegExp][] = [
      [{ method: 'GET', url: 'ftp://example.com/', headers: [] }, /scheme "ftp" is not supported/],
      [{ method: 'GET', url: 'not a url', headers: [] }, /expected an absolute URL/],
      [{ method: 'GE T', url, headers: [] }, /not a valid HTTP method token/],
      [{ method: 'CONNECT', url, headers: [] }, /CONNECT cannot be sent/],
      [{ method: 'GET', url, headers: [['Bad Name', 'x']] }, /header name "Bad Name" is not a valid token/],
      [{ method: 'GET', url, headers: [['X-Evil', 'a\r\nInjected: 1']] }, /line break or NUL.*header injection/],
      [
        { method: 'GET', url, headers: [['Authorization', 'OAuth realm="中"']] },
        /header Authorization contains U\+4E2D, which a header cannot carry/,
      ],
      [{ method: 'GET', url, headers: [['X-Bell', 'a\u0007b']] }, /header X-Bell contains U\+0007/],
      [
        { method: 'POST', url, headers: [['Transfer-Encoding', 'chunked']], body: 'x' },
        /Transfer-Encoding cannot be set/,
      ],
      [
        { method: 'POST', url, headers: [['Content-Length', '5']], body: 'ü' },
        /Content-Length says 5 but the body is 2 bytes/,
      ],
      [
        {
          method: 'GET',
          url,
          headers: [
            ['Host', 'a'],
            ['host', 'b'],
          ],
        },
        /more than one Host header/,
      ],
    ];
    for (const [req, why] of cases) {
      const e = await failure(send(req, { env }));
      expect(e.code, req.method + req.url).toBe('invalid_request');
      expect(e.phase).toBe('prepare');
      expect(e.message).toMatch(why);
    }
    await expect(send({ method: 'GET', url, headers: [] }, { env, timeoutMs: 0 })).rejects.toThrow(
      /timeoutMs must be a positive number/
    );
    expect(srv.received).toHaveLength(0);
  });

  it('a correct explicit Content-Length is kept and not duplicated', async () => {
    const srv = await rawServer('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    const ex = await send(
      { method: 'PUT', url: `http://127.0.0.1:${srv.port}/`, headers: [['content-length', '2']], body: 'ü' },
      { env }
    );
    expect(ex.request.headers.filter(([n]) => n.toLowerCase() === 'content-length')).toEqual([['content-length', '2']]);
    expect(srv.received[0]).toMatch(/\r\ncontent-length: 2\r\nConnection: close\r\n\r\n\xc3\xbc$/);
  });
});

describe('explainNetworkError: socket and DNS codes in words', () => {
  const direct = { target: 'api.example:443', proxySource: null, host: 'api.example' };
  const viaProxy = { target: 'proxy.corp:3128', proxySource: 'HTTPS_PROXY', host: 'api.example' };
  it.each([
    ['ENOTFOUND', direct, 'dns_not_found', /"api.example" could not be resolved/],
    ['ENOTFOUND', viaProxy, 'proxy_connect_failed', /"proxy.corp" could not be resolved.*Check HTTPS_PROXY/],
    ['EAI_AGAIN', direct, 'dns_temporary', /did not answer/],
    ['ECONNREFUSED', direct, 'connection_refused', /Nothing accepts connections at api.example:443/],
    ['ECONNRESET', direct, 'connection_reset', /closed abruptly/],
    ['EPIPE', direct, 'connection_reset', /closed abruptly \(EPIPE\)/],
    ['EHOSTUNREACH', direct, 'host_unreachable', /no route to api.example:443/],
    [
      'ENETUNREACH',
      viaProxy,
      'network_unreachable',
      /network of the proxy proxy.corp:3128 \(from HTTPS_PROXY\) cannot be reached/,
    ],
    ['ETIMEDOUT', direct, 'connect_timeout', /timed out at the operating-system level/],
    ['HPE_INVALID_CONSTANT', direct, 'invalid_response', /not valid HTTP\/1\.1/],
    ['EWHATEVER', direct, 'network_error', /failed: boom \(EWHATEVER\)/],
  ] as const)('%s → %s', (code, where, expected, words) => {
    const r = explainNetworkError(code, 'boom', where);
    expect(r.code).toBe(expected);
    expect(r.message).toMatch(words);
  });
});
