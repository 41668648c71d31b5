import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { BridgeEventBus } from '../../../../host/bridge/event-bus';
import { startWebHost, type WebHost, type WebHostOptions } from '../../../../host/web';
import { resolveLocalhostNamesLikeBrowsers } from '../../../support/localhost-names';
import { fakeBackend, type FakeBackend } from './fake-handlers';
import { scratchDir } from '../../../support/scratch-dir';

resolveLocalhostNamesLikeBrowsers();

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  json(): unknown;
}

export interface Send {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** Send this Host header instead of the test host's own name and port (or none with null). */
  readonly host?: string | null;
}

/** The Host header each test host answers (its per-launch name and port), by port. */
const hostHeaders = new Map<number, string>();

/**
 * One real request to 127.0.0.1:port with exactly the headers given (no agent: nothing pooled between tests). Host is
 * the test host's own name on that port unless the test says otherwise.
 */
export function send(port: number, opts: Send = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.host !== null) headers.Host = opts.host ?? hostHeaders.get(port) ?? `127.0.0.1:${port}`;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path ?? '/',
        agent: false,
        headers,
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      }
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A small built renderer in a temp folder, with a file outside it and symlinks in and out. */
export function staticFixture(): { dir: string; outside: string } {
  const base = scratchDir('oauth-lab-web-');
  const dir = join(base, 'renderer');
  const outside = join(base, 'outside');
  mkdirSync(join(dir, 'assets', 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>OAuth Lab</title><script type="module" src="./assets/app.js"></script>'
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(dir, 'assets', 'style.css'), 'body{}');
  writeFileSync(join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dir, 'assets', 'data.bin'), Buffer.from([1, 2, 3]));
  writeFileSync(join(dir, 'assets', 'sub', 'page.html'), '<p>sub</p>');
  writeFileSync(join(dir, 'assets', 'sp ace.txt'), 'space');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
  symlinkSync(outside, join(dir, 'outdir'));
  symlinkSync(join(dir, 'assets', 'app.js'), join(dir, 'alias.js'));
  return { dir, outside };
}

export interface TestHost extends WebHost {
  readonly backend: FakeBackend;
  readonly bus: BridgeEventBus;
  readonly staticDir: string;
  /** Headers our own page's fetch would carry: the cookie and the same Origin. */
  authed(extra?: Record<string, string>): Record<string, string>;
  /** A same-origin bridge call the way the page makes it. */
  call(method: string, body?: string, extra?: Record<string, string>): Promise<Reply>;
}

export async function startTestHost(options: Partial<WebHostOptions> = {}): Promise<TestHost> {
  const backend = fakeBackend();
  const bus = new BridgeEventBus();
  const { dir } = staticFixture();
  const host = await startWebHost({ handlers: backend.handlers, events: bus, staticDir: dir, ...options });
  // Per test, not by a module-level afterEach, which would belong to the first file that imports this (isolate: false).
  onTestFinished(() => host.close());
  hostHeaders.set(host.port, `${host.hostName}:${host.port}`);
  const authed = (extra: Record<string, string> = {}) => ({
    Cookie: `oauth_lab_token=${host.token}`,
    Origin: host.origin,
    ...extra,
  });
  return Object.assign(host, {
    backend,
    bus,
    staticDir: dir,
    authed,
    call: (method: string, body?: string, extra: Record<string, string> = {}) =>
      send(host.port, {
        method: 'POST',
        path: `/api/call/${method}`,
        headers: authed({ 'Content-Type': 'application/json', ...extra }),
        body,
      }),
  });
}
