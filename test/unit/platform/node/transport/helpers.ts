import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type LookupFunction, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

type Closable = HttpServer | NetServer;
/**
 * Listens on 127.0.0.1:0; after the test the server is closed and every socket it accepted is destroyed (including
 * CONNECT tunnels, which an HTTP server no longer tracks).
 */
export function listen<S extends Closable>(server: S): Promise<number> {
  const open = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  // Registered per test, not by a module-level afterEach: files share this module (isolate: false), and a module's
  // hooks belong to the first file that imports it.
  onTestFinished(
    () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        if (!server.listening) return r();
        server.close(() => r());
      })
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  );
}

export const httpServer = (handler: RequestListener) => {
  const s = createHttpServer(handler);
  return listen(s).then((port) => ({ server: s, port }));
};

/**
 * A TCP server that records the exact bytes of each request and answers with `reply` (raw HTTP), or not at all
 * when `reply` is null.
 */
export async function rawServer(reply: ((received: string, socket: Socket) => string | null) | string | null) {
  const received: string[] = [];
  const server = createNetServer((socket) => {
    let data = '';
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
      const headEnd = data.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(data.slice(0, headEnd))?.[1] ?? 0);
      if (data.length < headEnd + 4 + length) return;
      received.push(data);
      const answer = typeof reply === 'function' ? reply(data, socket) : reply;
      if (answer !== null) socket.end(answer, 'latin1');
    });
    socket.on('error', () => {});
  });
  const port = await listen(server);
  return { port, received };
}

/** Resolves every name to 127.0.0.1 so tests never ask a DNS server. */
export const loopbackLookup = ((
  _host: string,
  options: unknown,
  cb: (err: Error | null, address: unknown, family?: number) => void
) => {
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
  if (all) cb(null, [{ address: '127.0.0.1', family: 4 }]);
  else cb(null, '127.0.0.1', 4);
}) as LookupFunction;

/** A lookup that fails like the system resolver for a name that does not exist (ENOTFOUND). */
export const failingLookup = (code: 'ENOTFOUND' | 'EAI_AGAIN') =>
  ((host: string, _options: unknown, cb: (err: NodeJS.ErrnoException | null) => void) => {
    cb(Object.assign(new Error(`getaddrinfo ${code} ${host}`), { code, hostname: host, syscall: 'getaddrinfo' }));
  }) as LookupFunction;

export interface Pki {
  readonly caCert: string;
  /** Leaf for localhost, upstream.test and 127.0.0.1, signed by the CA. */
  readonly leaf: { key: string; cert: string };
  /** Leaf for other.example only, signed by the CA. */
  readonly otherName: { key: string; cert: string };
  /** Leaf for localhost / 127.0.0.1 signed by the CA, already expired. */
  readonly expired: { key: string; cert: string };
  /** Self-signed for localhost, upstream.test and 127.0.0.1. */
  readonly selfSigned: { key: string; cert: string };
  /** Self-signed for other.example only. */
  readonly selfSignedOther: { key: string; cert: string };
}

/** Generates a small PKI with the openssl command line into a temporary directory (node:crypto cannot make X.509). */
export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-pki-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ext = (name: string, san: string) => {
    writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\n`);
    return `${name}.ext`;
  };
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  try {
    run(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-subj',
      '/CN=OAuth Lab Test CA',
      '-days',
      '2',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign'
    );
    const signed = (name: string, cn: string, san: string, days: string) => {
      run('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
      run(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.crt`,
        '-days',
        days,
        '-extfile',
        ext(name, san)
      );
      return { key: read(`${name}.key`), cert: read(`${name}.crt`) };
    };
    const self = (name: string, cn: string, san: string) => {
      run(
        'req',
        '-x509',
        ...ec,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.crt`,
        '-subj',
        `/CN=${cn}`,
        '-days',
        '2',
        '-addext',
        `subjectAltName=${san}`
      );
      return { key: read(`${name}.key`), cert: read(`${name}.crt`) };
    };
    const local = 'DNS:localhost,DNS:upstream.test,IP:127.0.0.1';
    return {
      caCert: read('ca.crt'),
      leaf: signed('leaf', 'localhost', local, '2'),
      otherName: signed('other', 'other.example', 'DNS:other.example', '2'),
      // -days -1 makes notAfter one day before notBefore: the certificate is already expired.
      expired: signed('expired', 'localhost', local, '-1'),
      selfSigned: self('self', 'localhost', local),
      selfSignedOther: self('selfother', 'other.example', 'DNS:other.example'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
