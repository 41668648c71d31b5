import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { bypassesProxy, chooseProxy, send } from '../../../../../platform/node/transport';
import { parseHttpUrl } from '../../../../../shared/url';
import { failingLookup, httpServer, listen, loopbackLookup, makePki, type Pki } from './helpers';
import { failure } from './failure';

let pki: Pki;
beforeAll(() => {
  pki = makePki();
}, 30_000);

interface Seen {
  readonly kind: 'connect' | 'forward';
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
}

/**
 * A small HTTP proxy on 127.0.0.1: CONNECT tunnels and absolute-form forwarding, every host mapped to 127.0.0.1;
 * with `tls`, an https:// proxy (TLS with the proxy itself first).
 */
async function startProxy(opts: { requireAuth?: string; tls?: { key: string; cert: string } } = {}) {
  const seen: Seen[] = [];
  const denied = (auth: string | undefined) => opts.requireAuth !== undefined && auth !== opts.requireAuth;
  const forward: RequestListener = (req, res) => {
    seen.push({ kind: 'forward', target: req.url ?? '', headers: req.headers });
    if (denied(req.headers['proxy-authorization']))
      return void res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' }).end();
    const u = new URL(req.url ?? '');
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'proxy-authorization'));
    const upstream = httpRequest(
      { host: '127.0.0.1', port: Number(u.port), path: u.pathname + u.search, method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      }
    );
    req.pipe(upstream);
  };
  const server = opts.tls ? createHttpsServer(opts.tls, forward) : createServer(forward);
  server.on('connect', (req, client, head) => {
    seen.push({ kind: 'connect', target: req.url ?? '', headers: req.headers });
    if (denied(req.headers['proxy-authorization']))
      return void client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n'
      );
    const port = Number((req.url ?? '').split(':').pop());
    const up = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  const port = await listen(server);
  return { port, seen };
}

async function secureUpstream(): Promise<number> {
  return listen(
    createHttpsServer({ key: pki.leaf.key, cert: pki.leaf.cert }, (req, res) =>
      res.end(`tls ${req.headers.host} ${req.url}`)
    )
  );
}

describe('transport through a proxy from the environment', () => {
  it('https goes through a CONNECT tunnel; the name is resolved by the proxy, not here', async () => {
    const proxy = await startProxy();
    const port = await secureUpstream();
    const ex = await send(
      { method: 'GET', url: `https://upstream.test:${port}/me`, headers: [] },
      { env: { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }, ca: pki.caCert, lookup: failingLookup('ENOTFOUND') }
    );
    expect(ex.response.bodyText).toBe(`tls upstream.test:${port} /me`);
    expect(proxy.seen).toMatchObject([{ kind: 'connect', target: `upstream.test:${port}` }]);
    expect(proxy.seen[0]!.headers.host).toBe(`upstream.test:${port}`);
    expect(ex.proxy).toEqual({ url: `http://127.0.0.1:${proxy.port}`, source: 'HTTPS_PROXY', mode: 'connect' });
    expect(ex.request.requestLine).toBe('GET /me HTTP/1.1');
    expect(ex.tls!.authorized).toBe(true);
    expect(ex.timings.dns).toBeNull();
    expect(ex.timings.proxy).toBeGreaterThanOrEqual(ex.timings.connect!);
    expect(ex.timings.tls).toBeGreaterThan(ex.timings.proxy!);
    expect(ex.remoteAddress).toBe('127.0.0.1');
  });

  it('http goes to the proxy in absolute form, and the record shows that request line', async () => {
    const proxy = await startProxy();
    const { port } = await httpServer((req, res) => res.end(`plain ${req.headers.host} ${req.url}`));
    const ex = await send(
      {
        method: 'POST',
        url: `http://upstream.test:${port}/p?q=1`,
        headers: [['Content-Type', 'text/plain']],
        body: 'hi',
      },
      { env: { HTTP_PROXY: `127.0.0.1:${proxy.port}` } }
    );
    expect(ex.response.bodyText).toBe(`plain upstream.test:${port} /p?q=1`);
    expect(ex.request.requestLine).toBe(`POST http://upstream.test:${port}/p?q=1 HTTP/1.1`);
    expect(ex.request.url).toBe(`http://upstream.test:${port}/p?q=1`);
    expect(proxy.seen).toMatchObject([{ kind: 'forward', target: `http://upstream.test:${port}/p?q=1` }]);
    expect(ex.proxy).toEqual({ url: `http://127.0.0.1:${proxy.port}`, source: 'HTTP_PROXY', mode: 'absolute-form' });
  });

  it('proxy credentials from the URL are sent, but never recorded or shown', async () => {
    const basic = `Basic ${Buffer.from('user:p@ss word').toString('base64')}`;
    const proxy = await startProxy({ requireAuth: basic });
    const env = {
      HTTPS_PROXY: `http://user:p%40ss%20word@127.0.0.1:${proxy.port}`,
      HTTP_PROXY: `http://user:p%40ss%20word@127.0.0.1:${proxy.port}`,
    };
    const tlsPort = await secureUpstream();
    const a = await send(
      { method: 'GET', url: `https://upstream.test:${tlsPort}/`, headers: [] },
      { env, ca: pki.caCert }
    );
    const { port } = await httpServer((_req, res) => res.end('ok'));
    const b = await send({ method: 'GET', url: `http://upstream.test:${port}/`, headers: [] }, { env });
    expect(proxy.seen.map((s) => s.headers['proxy-authorization'])).toEqual([basic, basic]);
    expect(b.request.headers.at(-1)).toEqual(['Proxy-Authorization', '[redacted: proxy credentials]']);
    for (const ex of [a, b]) {
      expect(ex.proxy!.url).toBe(`http://user:***@127.0.0.1:${proxy.port}`);
      const text = JSON.stringify(ex);
      expect(text).not.toContain('p%40ss');
      expect(text).not.toContain(basic.slice(6));
    }
  });

  it('a proxy that refuses (407) is explained', async () => {
    const proxy = await startProxy({ requireAuth: 'Basic nope' });
    const e = await failure(
      send(
        { method: 'GET', url: 'https://upstream.test:443/', headers: [] },
        { env: { https_proxy: `http://127.0.0.1:${proxy.port}` } }
      )
    );
    expect(e.code).toBe('proxy_refused');
    expect(e.phase).toBe('proxy');
    expect(e.message).toBe(
      `the proxy http://127.0.0.1:${proxy.port} (from https_proxy) refused to open a tunnel to upstream.test:443: 407 Proxy Authentication Required. It requires authentication: put the user and password in the proxy URL (http://user:password@host:port).`
    );
  });

  it('a proxy that is not running is named in the error', async () => {
    const s = createServer();
    const dead = await listen(s);
    await new Promise<void>((r) => s.close(() => r()));
    const e = await failure(
      send(
        { method: 'GET', url: 'https://api.example/', headers: [] },
        { env: { HTTPS_PROXY: `http://127.0.0.1:${dead}` } }
      )
    );
    expect(e.code).toBe('proxy_connect_failed');
    expect(e.message).toBe(
      `Nothing accepts connections at the proxy 127.0.0.1:${dead} (from HTTPS_PROXY) (connection refused). Check the port in the URL and that the server is running. Check HTTPS_PROXY, or list the host in NO_PROXY to connect directly.`
    );
  });

  it('NO_PROXY and loopback destinations connect directly', async () => {
    const proxy = await startProxy();
    const { port } = await httpServer((_req, res) => res.end('direct'));
    const env = { HTTP_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: 'localhost, .upstream.test' };
    const a = await send(
      { method: 'GET', url: `http://api.upstream.test:${port}/`, headers: [] },
      { env, lookup: loopbackLookup }
    );
    const b = await send(
      { method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] },
      { env: { HTTP_PROXY: env.HTTP_PROXY } }
    );
    const c = await send(
      { method: 'GET', url: `http://localhost:${port}/`, headers: [] },
      { env: { HTTP_PROXY: env.HTTP_PROXY }, lookup: loopbackLookup }
    );
    for (const ex of [a, b, c]) {
      expect(ex.response.bodyText).toBe('direct');
      expect(ex.proxy).toBeNull();
      expect(ex.request.requestLine).toBe('GET / HTTP/1.1');
    }
    expect(proxy.seen).toEqual([]);
  });

  it('an https:// proxy: TLS with the proxy, then the CONNECT tunnel and TLS with the server inside it', async () => {
    const proxy = await startProxy({ tls: pki.leaf });
    const port = await secureUpstream();
    const ex = await send(
      { method: 'GET', url: `https://upstream.test:${port}/me`, headers: [] },
      { env: { HTTPS_PROXY: `https://127.0.0.1:${proxy.port}` }, ca: pki.caCert, lookup: failingLookup('ENOTFOUND') }
    );
    expect(ex.response.bodyText).toBe(`tls upstream.test:${port} /me`);
    expect(proxy.seen).toMatchObject([{ kind: 'connect', target: `upstream.test:${port}` }]);
    expect(ex.proxy).toEqual({ url: `https://127.0.0.1:${proxy.port}`, source: 'HTTPS_PROXY', mode: 'connect' });
    expect(ex.tls!.authorized).toBe(true);
  });

  it('an https:// proxy for an http URL: the absolute-form request travels inside TLS with the proxy', async () => {
    const proxy = await startProxy({ tls: pki.leaf });
    const { port } = await httpServer((req, res) => res.end(`plain ${req.headers.host} ${req.url}`));
    const ex = await send(
      { method: 'GET', url: `http://upstream.test:${port}/p`, headers: [] },
      { env: { HTTP_PROXY: `https://127.0.0.1:${proxy.port}` }, ca: pki.caCert }
    );
    expect(ex.response.bodyText).toBe(`plain upstream.test:${port} /p`);
    expect(proxy.seen).toMatchObject([{ kind: 'forward', target: `http://upstream.test:${port}/p` }]);
    expect(ex.request.requestLine).toBe(`GET http://upstream.test:${port}/p HTTP/1.1`);
  });

  it('an https:// proxy whose certificate no trusted authority signed is refused, naming the proxy', async () => {
    const proxy = await startProxy({ tls: pki.leaf });
    const refused = await failure(
      send(
        { method: 'GET', url: 'https://upstream.test/', headers: [] },
        { env: { HTTPS_PROXY: `https://127.0.0.1:${proxy.port}` } }
      )
    );
    expect(refused.message).toContain(`the proxy https://127.0.0.1:${proxy.port} (from HTTPS_PROXY)`);
    expect(proxy.seen).toEqual([]);
  });

  it('proxy settings that cannot be used are explained before anything is sent', async () => {
    const bad = await failure(
      send({ method: 'GET', url: 'https://api.example/', headers: [] }, { env: { HTTPS_PROXY: 'http://[bad' } })
    );
    expect(bad.code).toBe('invalid_proxy');
    expect(bad.message).toMatch(
      /^HTTPS_PROXY is not a valid proxy URL; expected something like http:\/\/proxy.example:3128/
    );
    const socks = await failure(
      send(
        { method: 'GET', url: 'https://api.example/', headers: [] },
        { env: { ALL_PROXY: 'socks5://u:secret@127.0.0.1:1080' } }
      )
    );
    expect(socks.code).toBe('proxy_unsupported');
    expect(socks.message).toBe(
      'ALL_PROXY names a socks5 proxy (socks5://u:***@127.0.0.1:1080); only http:// and https:// proxies are supported. Use an HTTP proxy, or list the host in NO_PROXY.'
    );
  });
});

describe('proxy selection (pure)', () => {
  const choose = (url: string, env: Record<string, string>) => chooseProxy(parseHttpUrl(url), env);

  it('picks the variable for the scheme, lower case first, then ALL_PROXY', () => {
    expect(
      choose('https://a.example/', { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2' })
    ).toMatchObject({ host: 'lower', port: 2, source: 'https_proxy', mode: 'connect' });
    expect(choose('http://a.example/', { HTTPS_PROXY: 'http://p:1' })).toBeNull();
    expect(choose('http://a.example/', { HTTP_PROXY: 'http://p:8080' })).toMatchObject({
      host: 'p',
      port: 8080,
      mode: 'absolute-form',
      authorization: null,
    });
    expect(choose('http://a.example/', { ALL_PROXY: 'p' })).toMatchObject({ host: 'p', port: 80, source: 'ALL_PROXY' });
    expect(choose('http://a.example/', { HTTP_PROXY: '  ' })).toBeNull();
  });

  it('NO_PROXY follows curl: *, domain suffixes, host:port, IP literals', () => {
    expect(bypassesProxy('*', 'anything.example', 443)).toBe(true);
    expect(bypassesProxy('example.com', 'example.com', 443)).toBe(true);
    expect(bypassesProxy('example.com', 'api.example.com', 443)).toBe(true);
    expect(bypassesProxy('.example.com', 'api.example.com', 443)).toBe(true);
    expect(bypassesProxy('*.example.com', 'example.com', 443)).toBe(true);
    expect(bypassesProxy('example.com', 'notexample.com', 443)).toBe(false);
    expect(bypassesProxy('a.example:8443', 'a.example', 8443)).toBe(true);
    expect(bypassesProxy('a.example:8443', 'a.example', 443)).toBe(false);
    expect(bypassesProxy('10.0.0.5,[2001:db8::1]', '[2001:db8::1]', 80)).toBe(true);
    expect(bypassesProxy('10.0.0.5 2001:db8::2', '10.0.0.5', 80)).toBe(true);
    expect(bypassesProxy('', 'a.example', 80)).toBe(false);
  });

  it('loopback destinations never use a proxy', () => {
    for (const url of [
      'http://127.0.0.1:9000/',
      'http://127.8.9.10/',
      'http://localhost:1/',
      'https://app.localhost/',
      'http://[::1]:8080/',
    ]) {
      expect(choose(url, { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' }), url).toBeNull();
    }
  });
});
