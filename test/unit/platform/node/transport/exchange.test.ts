import { describe, expect, it } from 'vitest';
import { send } from '../../../../../platform/node/transport';
import { headerValue } from '../../../../../shared/http';
import { httpServer, rawServer } from './helpers';

const env = {};

/** Parses the raw bytes a server received into request line, header pairs and body. */
function parseRaw(raw: string) {
  const headEnd = raw.indexOf('\r\n\r\n');
  const [line, ...headerLines] = raw.slice(0, headEnd).split('\r\n');
  const headers = headerLines.map((h) => {
    const i = h.indexOf(':');
    return [h.slice(0, i), h.slice(i + 1).trim()];
  });
  return { line, headers, body: Buffer.from(raw.slice(headEnd + 4), 'latin1').toString('utf8') };
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok';

describe('transport: the exchange is exactly what went over the wire', () => {
  it('records the request line, every header in order and case (including Host, Content-Length, Connection), and the body', async () => {
    const srv = await rawServer(OK);
    const ex = await send(
      {
        method: 'POST',
        url: `http://127.0.0.1:${srv.port}/oauth/request_token?x=a b&y=%2F`,
        headers: [
          ['Authorization', 'OAuth realm="x"'],
          ['content-type', 'application/x-www-form-urlencoded'],
          ['X-Dup', '1'],
          ['X-Dup', '2'],
        ],
        body: 'name=J%C3%BCrgen&v=ü',
      },
      { env }
    );
    expect(srv.received).toHaveLength(1);
    const wire = parseRaw(srv.received[0]!);
    expect(ex.request.requestLine).toBe('POST /oauth/request_token?x=a%20b&y=%2F HTTP/1.1');
    expect(wire.line).toBe(ex.request.requestLine);
    expect(wire.headers).toEqual(ex.request.headers.map(([n, v]) => [n, v]));
    expect(ex.request.headers).toEqual([
      ['Host', `127.0.0.1:${srv.port}`],
      ['Authorization', 'OAuth realm="x"'],
      ['content-type', 'application/x-www-form-urlencoded'],
      ['X-Dup', '1'],
      ['X-Dup', '2'],
      ['Content-Length', '21'],
      ['Connection', 'close'],
    ]);
    expect(wire.body).toBe('name=J%C3%BCrgen&v=ü');
    expect(ex.request).toMatchObject({
      method: 'POST',
      url: `http://127.0.0.1:${srv.port}/oauth/request_token?x=a%20b&y=%2F`,
      body: 'name=J%C3%BCrgen&v=ü',
      bodySize: 21,
      httpVersion: '1.1',
    });
  });

  it('GET without a body sends no Content-Length; an empty POST sends Content-Length: 0; a caller Host is kept', async () => {
    const srv = await rawServer(OK);
    const get = await send({ method: 'GET', url: `http://127.0.0.1:${srv.port}`, headers: [] }, { env });
    expect(get.request.requestLine).toBe('GET / HTTP/1.1');
    expect(get.request.headers).toEqual([
      ['Host', `127.0.0.1:${srv.port}`],
      ['Connection', 'close'],
    ]);
    const post = await send(
      {
        method: 'POST',
        url: `http://127.0.0.1:${srv.port}/t`,
        headers: [
          ['Connection', 'keep-alive'],
          ['HOST', 'api.example:8443'],
        ],
      },
      { env }
    );
    expect(post.request.headers).toEqual([
      ['Connection', 'keep-alive'],
      ['HOST', 'api.example:8443'],
      ['Content-Length', '0'],
    ]);
    expect(srv.received.map((r) => parseRaw(r).headers)).toEqual(
      [get.request.headers, post.request.headers].map((h) => h.map(([n, v]) => [n, v]))
    );
  });

  it('returns the response headers in order and case as received, repeated ones included, with status text, text and byte size', async () => {
    const body = 'grüße {"a":1}';
    const bytes = Buffer.byteLength(body);
    const srv = await rawServer(
      `HTTP/1.1 201 Created Just Now\r\nset-cookie: a=1\r\nX-Zeta: z\r\nSet-Cookie: b=2\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${bytes}\r\n\r\n${Buffer.from(body).toString('latin1')}`
    );
    const ex = await send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/r`, headers: [] }, { env });
    expect(ex.response).toMatchObject({
      status: 201,
      statusText: 'Created Just Now',
      bodyText: body,
      bodySize: bytes,
      httpVersion: '1.1',
    });
    expect(ex.response.headers).toEqual([
      ['set-cookie', 'a=1'],
      ['X-Zeta', 'z'],
      ['Set-Cookie', 'b=2'],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(bytes)],
    ]);
    expect(Buffer.from(ex.response.bodyBase64, 'base64').toString('utf8')).toBe(body);
    expect(headerValue(ex.response.headers, 'set-cookie')).toBe('a=1');
  });

  it('keeps invalid UTF-8 as bytes and shows it replaced in the text; reads chunked bodies', async () => {
    const srv = await rawServer(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab\xff\r\n2\r\ncd\r\n0\r\n\r\n'
    );
    const ex = await send({ method: 'GET', url: `http://127.0.0.1:${srv.port}/`, headers: [] }, { env });
    expect(ex.response.bodySize).toBe(5);
    expect(ex.response.bodyText).toBe('ab\ufffdcd');
    expect([...Buffer.from(ex.response.bodyBase64, 'base64')]).toEqual([0x61, 0x62, 0xff, 0x63, 0x64]);
  });

  it('never follows a redirect: a 302 is the exchange, Location included', async () => {
    let hits = 0;
    const { port } = await httpServer((_req, res) => {
      hits++;
      res.writeHead(302, { Location: `http://127.0.0.1:${port}/elsewhere` }).end();
    });
    const ex = await send({ method: 'GET', url: `http://127.0.0.1:${port}/start`, headers: [] }, { env });
    expect(ex.response.status).toBe(302);
    expect(headerValue(ex.response.headers, 'location')).toBe(`http://127.0.0.1:${port}/elsewhere`);
    expect(hits).toBe(1);
  });

  it('HEAD and 204 have no body', async () => {
    const { port } = await httpServer((req, res) => {
      if (req.method === 'HEAD') res.writeHead(200, { 'Content-Length': '100' }).end();
      else res.writeHead(204).end();
    });
    const head = await send({ method: 'HEAD', url: `http://127.0.0.1:${port}/`, headers: [] }, { env });
    expect(head.response).toMatchObject({ status: 200, bodySize: 0, bodyText: '' });
    const del = await send({ method: 'DELETE', url: `http://127.0.0.1:${port}/`, headers: [] }, { env });
    expect(del.response).toMatchObject({ status: 204, bodySize: 0 });
  });

  it("records this side's end of the connection, the address and port the server sees the request come from", async () => {
    const { port } = await httpServer((req, res) => res.end(`${req.socket.remoteAddress} ${req.socket.remotePort}`));
    const [one, two] = await Promise.all(
      [0, 1].map(() => send({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] }, { env }))
    );
    for (const ex of [one!, two!]) {
      expect(ex.local).toEqual({ address: '127.0.0.1', port: expect.any(Number) });
      expect(ex.response.bodyText).toBe(`${ex.local!.address} ${ex.local!.port}`);
    }
    expect(one!.local!.port).not.toBe(two!.local!.port);
  });

  it('reports timings as increasing offsets; no TLS, DNS or proxy phase for plain http to an IP', async () => {
    const { port } = await httpServer((_req, res) => setTimeout(() => res.end('late'), 30));
    const before = Date.now();
    const ex = await send({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] }, { env });
    const t = ex.timings;
    expect(t.tls).toBeNull();
    expect(t.dns).toBeNull();
    expect(t.proxy).toBeNull();
    expect(t.connect).toBeGreaterThan(0);
    expect(t.firstByte).toBeGreaterThanOrEqual(t.connect! + 25);
    expect(t.total).toBeGreaterThanOrEqual(t.firstByte!);
    expect(ex.startedAt).toBeGreaterThanOrEqual(before);
    expect(ex.remoteAddress).toBe('127.0.0.1');
    expect(ex.tls).toBeNull();
    expect(ex.proxy).toBeNull();
  });

  it('uses a fresh connection per exchange, so nothing leaks between requests', async () => {
    const ports = new Set<number>();
    const { port } = await httpServer((req, res) => {
      ports.add(req.socket.remotePort!);
      res.end('x');
    });
    await send({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] }, { env });
    await send({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] }, { env });
    expect(ports.size).toBe(2);
  });
});
