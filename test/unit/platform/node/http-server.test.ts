import { Agent, request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ListenError, startHttpServer, type HttpServer } from '../../../../platform/node/http-server';

const started: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function start(options: Partial<Parameters<typeof startHttpServer>[0]> = {}): Promise<HttpServer> {
  const s = await startHttpServer({ name: 'the test server', onRequest: (_req, res) => res.end('ok'), ...options });
  started.push(s);
  return s;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e
  );

/** Resolves when the socket closes, with whatever it received. */
const closed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
  });

describe('the HTTP server wrapper', () => {
  it('listens on 127.0.0.1 only, on a free port by default', async () => {
    const s = await start();
    expect(s.server.address()).toMatchObject({ address: '127.0.0.1', port: s.port });
    expect(s.port).toBeGreaterThan(0);
    const other = connect(s.port, '127.0.0.2');
    const refused = await new Promise<string | undefined>((resolve) =>
      other.on('error', (e: NodeJS.ErrnoException) => resolve(e.code)).on('connect', () => resolve('connected'))
    );
    other.destroy();
    expect(refused).toBe('ECONNREFUSED');
  });

  it('a port in use gives a ListenError naming the port, the server and what to do, keeping the system code', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const generic = await failureOf(start({ port }));
      expect(generic).toBeInstanceOf(ListenError);
      expect(generic).toMatchObject({ reason: 'port_in_use', code: 'EADDRINUSE' });
      expect((generic as Error).message).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another program, so the test server cannot listen there. Choose another port, or 0 for any free one, or stop the program that uses port ${port}.`
      );
      const advised = await failureOf(start({ port, portAdvice: 'Pick another with --port.' }));
      expect((advised as Error).message).toMatch(/cannot listen there\. Pick another with --port\.$/);
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });

  it('an address that is not this machine gives listen_failed with the address in the message', async () => {
    // 192.0.2.1 (TEST-NET-1, RFC 5737 (https://www.rfc-editor.org/rfc/rfc5737)) is never assigned here: the bind fails and nothing is sent.
    const e = await failureOf(start({ host: '192.0.2.1' }));
    expect(e).toMatchObject({ reason: 'listen_failed', code: 'EADDRNOTAVAIL' });
    expect((e as Error).message).toMatch(/^The test server could not listen on 192\.0\.2\.1:0: /);
  });

  it('close() ends idle keep-alive connections, streaming responses and taken-over sockets at once', async () => {
    const s = await start({
      // Long keep-alive: without tracking, the idle connection would outlive close() by a minute.
      http: { keepAliveTimeout: 60_000 },
      onRequest: (req, res) => {
        if (req.url === '/stream') res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(': open\n\n');
        else res.end('ok');
      },
      configure: (server) =>
        server.on('connect', (_req, socket: Socket) => socket.write('HTTP/1.1 200 Tunnel\r\n\r\n')),
    });
    const agent = new Agent({ keepAlive: true });
    const idleSocket = await new Promise<Socket>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject).end();
    });
    const idleClosed = closed(idleSocket);
    const stream = connect(s.port, '127.0.0.1');
    const streamClosed = closed(stream);
    stream.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`);
    const tunnel = connect(s.port, '127.0.0.1');
    const tunnelClosed = closed(tunnel);
    tunnel.write(`CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n`);
    await new Promise<void>((resolve) => {
      const poll = () => (s.server.listening && streamOpen && tunnelOpen ? resolve() : setTimeout(poll, 5));
      let streamOpen = false;
      let tunnelOpen = false;
      stream.once('data', () => (streamOpen = true));
      tunnel.once('data', () => (tunnelOpen = true));
      poll();
    });
    expect(idleSocket.destroyed).toBe(false);
    await s.close();
    expect(s.server.listening).toBe(false);
    const [, streamed, tunnelled] = await Promise.all([idleClosed, streamClosed, tunnelClosed]);
    expect(streamed).toContain(': open');
    expect(tunnelled).toContain('200 Tunnel');
    agent.destroy();
    // A second close() is the same (already settled) promise, not an error.
    await expect(s.close()).resolves.toBeUndefined();
  });
});
