import { createServer, request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../../../shared/bridge/api';
import { BridgeEventBus } from '../../../../electron/services/bridge/event-bus';
import { EventStreams, REPLAY_MAX_EVENTS, sseFrame, type ReplayLimits } from '../../../../electron/web/event-stream';
import { send, startTestHost, type TestHost } from './helpers';

/** An open GET /api/events, collecting the text as it arrives. */
interface Stream {
  readonly res: IncomingMessage;
  text: string;
  ended: boolean;
  /** Resolves once the collected text matches. */
  until(pattern: RegExp, timeoutMs?: number): Promise<string>;
  destroy(): void;
}

/** The web host (with its token cookie), or a bare EventStreams server (see serveStreams). */
interface Target {
  readonly port: number;
  readonly token?: string;
}

function openStream(host: Target, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<Stream> {
  const auth = host.token === undefined ? {} : { Cookie: `oauth_lab_token_${host.port}=${host.token}`, 'Sec-Fetch-Site': 'same-origin' };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: opts.path ?? '/api/events', agent: false, headers: { ...auth, ...opts.headers } }, (res) => {
      const waiters: (() => void)[] = [];
      const stream: Stream = {
        res,
        text: '',
        ended: false,
        until(pattern, timeoutMs = 3000) {
          return new Promise((ok, fail) => {
            const check = () => {
              if (pattern.test(stream.text)) {
                ok(stream.text);
                return true;
              }
              return false;
            };
            if (check()) return;
            const timer = setTimeout(() => fail(new Error(`no ${pattern} in ${JSON.stringify(stream.text)}`)), timeoutMs);
            waiters.push(() => check() && clearTimeout(timer));
          });
        },
        destroy: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        stream.text += d;
        for (const w of [...waiters]) w();
      });
      res.on('end', () => {
        stream.ended = true;
        for (const w of [...waiters]) w();
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Counts subscribers, to see a stream unsubscribe when its tab goes away. */
function subscribers(host: TestHost): () => number {
  let count = 0;
  const original = host.bus.subscribe.bind(host.bus);
  host.bus.subscribe = (listener) => {
    count += 1;
    const off = original(listener);
    return () => {
      count -= 1;
      return off();
    };
  };
  return () => count;
}

const waitFor = async (condition: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A tab that has received `count` mockStatus events (ids 1..count): the history a reconnect replays from. */
async function tabAfter(host: Target & { readonly bus: BridgeEventBus }, count: number): Promise<Stream> {
  const tab = await openStream(host);
  await tab.until(/bridge events/);
  for (let n = 1; n <= count; n += 1) host.bus.emit('mockStatus', status(n));
  await tab.until(new RegExp(`^id: ${count}$`, 'm'));
  return tab;
}

/** An EventStreams of its own on a real 127.0.0.1 socket, for small replay limits and a look at its open set. */
interface Bare extends Target {
  readonly bus: BridgeEventBus;
  readonly streams: EventStreams;
  /** Feed subscriptions currently held. */
  readonly feedSubscribers: () => number;
}
const bareServers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(bareServers.splice(0).map((close) => close()));
});

async function serveStreams(limits?: ReplayLimits): Promise<Bare> {
  const bus = new BridgeEventBus();
  let subscribed = 0;
  const feed = {
    subscribe: (listener: (m: BridgeEventMessage) => void) => {
      subscribed += 1;
      const off = bus.subscribe(listener);
      return () => {
        subscribed -= 1;
        off();
      };
    },
  };
  const streams = new EventStreams(feed, 60_000, limits);
  const server = createServer((req, res) => streams.serve(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  bareServers.push(
    () =>
      new Promise<void>((r) => {
        streams.closeAll();
        server.close(() => r());
        server.closeAllConnections();
      }),
  );
  return { port: (server.address() as { port: number }).port, bus, streams, feedSubscribers: () => subscribed };
}

/** The `id:` values in a stream's text, in order. */
const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
const status = (n: number) => ({ running: true, baseUrl: `http://127.0.0.1:${n}` });

describe('web host: GET /api/events (Server-Sent Events)', () => {
  it('delivers an emitted event as `event: <name>` and a JSON `data:` line', async () => {
    const host = await startTestHost();
    const stream = await openStream(host);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toBe('no-store');
    expect(stream.res.headers['access-control-allow-origin']).toBeUndefined();
    await stream.until(/OAuth Lab bridge events/);
    host.bus.emit('mockStatus', { running: true, baseUrl: 'http://127.0.0.1:4000' });
    host.bus.emit('catcherWaitEnded', { waitId: 'w1', code: 'timeout', message: 'line one\nline two' });
    const text = await stream.until(/catcherWaitEnded/);
    expect(text).toContain('event: mockStatus\ndata: {"running":true,"baseUrl":"http://127.0.0.1:4000"}\n\n');
    expect(text).toContain('event: catcherWaitEnded\ndata: {"waitId":"w1","code":"timeout","message":"line one\\nline two"}\n\n');
    stream.destroy();
  });

  it('fans out to every open stream, and sends a heartbeat comment', async () => {
    const host = await startTestHost({ heartbeatMs: 30 });
    const a = await openStream(host);
    const b = await openStream(host);
    await Promise.all([a.until(/: heartbeat\n\n/), b.until(/: heartbeat\n\n/)]);
    host.bus.emit('mockStatus', { running: false, baseUrl: null });
    await Promise.all([a.until(/event: mockStatus/), b.until(/event: mockStatus/)]);
    a.destroy();
    b.destroy();
  });

  it('holds one feed subscription for all tabs, kept (for replay) when a tab goes away', async () => {
    const bare = await serveStreams();
    expect(bare.feedSubscribers()).toBe(0);
    const a = await openStream(bare);
    const b = await openStream(bare);
    await Promise.all([a.until(/bridge events/), b.until(/bridge events/)]);
    expect(bare.streams.size).toBe(2);
    expect(bare.feedSubscribers()).toBe(1);
    a.destroy();
    b.destroy();
    await waitFor(() => bare.streams.size === 0);
    expect(bare.feedSubscribers()).toBe(1);
    bare.streams.closeAll();
    expect(bare.feedSubscribers()).toBe(0);
  });

  it('close() ends open streams and the server, so the process can exit', async () => {
    const host = await startTestHost({ heartbeatMs: 20 });
    const count = subscribers(host);
    const stream = await openStream(host);
    await stream.until(/bridge events/);
    await host.close();
    await waitFor(() => stream.ended || stream.res.destroyed);
    expect(count()).toBe(0);
    await expect(send(host.port, { path: '/', headers: host.authed() })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await host.close(); // twice is fine
  });

  it('writes only safe frames: plain event names, JSON payloads', () => {
    expect(sseFrame({ event: 'mockStatus', payload: { a: 'x\r\ny' } } as BridgeEventMessage)).toBe('event: mockStatus\ndata: {"a":"x\\r\\ny"}\n\n');
    expect(sseFrame({ event: 'evil\ndata: forged', payload: {} } as unknown as BridgeEventMessage)).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(sseFrame({ event: 'mockStatus', payload: cyclic } as BridgeEventMessage)).toBeNull();
  });

  it('takes GET only', async () => {
    const host = await startTestHost();
    const r = await send(host.port, { method: 'POST', path: '/api/events', headers: host.authed({ 'Content-Type': 'application/json' }), body: '{}' });
    expect(r.status).toBe(405);
  });
});

describe('web host: event ids and replay after a reconnect (Last-Event-ID)', () => {
  it('numbers every event with one increasing id shared by all tabs', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 3);
    const b = await openStream(host);
    await b.until(/bridge events/);
    host.bus.emit('mockStatus', status(4));
    await Promise.all([a.until(/^id: 4$/m), b.until(/^id: 4$/m)]);
    expect(ids(a.text)).toEqual([1, 2, 3, 4]);
    expect(ids(b.text)).toEqual([4]);
    expect(a.text).toContain('id: 1\nevent: mockStatus\ndata: {"running":true,"baseUrl":"http://127.0.0.1:1"}\n\n');
    a.destroy();
    b.destroy();
  });

  it('replays exactly the missed events, in order, including those emitted while no tab was open, then goes live', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 2);
    a.destroy();
    await waitFor(() => a.res.destroyed);
    host.bus.emit('catcherWaitEnded', { waitId: 'w', code: 'cancelled', message: 'missed' });
    host.bus.emit('mockStatus', status(4));
    const b = await openStream(host, { headers: { 'Last-Event-ID': '2' } });
    await b.until(/^id: 4$/m);
    host.bus.emit('mockStatus', status(5));
    await b.until(/^id: 5$/m);
    expect(ids(b.text)).toEqual([3, 4, 5]);
    expect(b.text).toContain('id: 3\nevent: catcherWaitEnded\ndata: {"waitId":"w","code":"cancelled","message":"missed"}\n\n');
    expect(b.text).not.toContain('replay incomplete');
    b.destroy();
  });

  it('takes ?lastEventId= as the header, and the header wins when both are sent', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 4);
    const query = await openStream(host, { path: '/api/events?lastEventId=1' });
    const both = await openStream(host, { path: '/api/events?lastEventId=1', headers: { 'Last-Event-ID': '3' } });
    await Promise.all([query.until(/^id: 4$/m), both.until(/^id: 4$/m)]);
    expect(ids(query.text)).toEqual([2, 3, 4]);
    expect(ids(both.text)).toEqual([4]);
    for (const s of [a, query, both]) s.destroy();
  });

  it('keeps only the last REPLAY_MAX_EVENTS events, and says which ones a too-old id has missed', async () => {
    const host = await startTestHost();
    const total = REPLAY_MAX_EVENTS + 5;
    const a = await tabAfter(host, total);
    const b = await openStream(host, { headers: { 'Last-Event-ID': '2' } });
    await b.until(new RegExp(`^id: ${total}$`, 'm'));
    expect(b.text).toContain(': OAuth Lab bridge events\nretry: 2000\n\n: replay incomplete: events 3..5 were dropped\n\nid: 6\n');
    expect(ids(b.text)).toEqual(Array.from({ length: REPLAY_MAX_EVENTS }, (_, i) => i + 6));
    a.destroy();
    b.destroy();
  });

  it('bounds the replay buffer by bytes too, evicting the oldest frames first', async () => {
    const bare = await serveStreams({ maxEvents: 100, maxBytes: 400 });
    const live = await openStream(bare);
    await live.until(/bridge events/);
    const payload = { running: true, baseUrl: `http://127.0.0.1/${'x'.repeat(60)}` };
    for (let n = 1; n <= 10; n += 1) bare.bus.emit('mockStatus', payload);
    await live.until(/^id: 10$/m);
    const frameBytes = Buffer.byteLength(`id: 10\nevent: mockStatus\ndata: ${JSON.stringify(payload)}\n\n`);
    const kept = Math.floor(400 / frameBytes);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    const b = await openStream(bare, { headers: { 'Last-Event-ID': '0' } });
    await b.until(/^id: 10$/m);
    expect(ids(b.text)).toEqual(Array.from({ length: kept }, (_, i) => 11 - kept + i));
    expect(b.text).toContain(`: replay incomplete: events 1..${10 - kept} were dropped\n\n`);
    live.destroy();
    b.destroy();
  });

  it('a refused frame spends no id and leaves the replay intact', async () => {
    const bare = await serveStreams();
    const a = await openStream(bare);
    await a.until(/bridge events/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    bare.bus.emit('mockStatus', status(1));
    bare.bus.emit('evil\ndata: forged' as 'mockStatus', status(0));
    bare.bus.emit('mockStatus', cyclic as never);
    bare.bus.emit('mockStatus', status(2));
    await a.until(/^id: 2$/m);
    const b = await openStream(bare, { headers: { 'Last-Event-ID': '0' } });
    await b.until(/^id: 2$/m);
    expect(ids(b.text)).toEqual([1, 2]);
    expect(b.text).not.toMatch(/forged|replay incomplete/);
    a.destroy();
    b.destroy();
  });

  it('ignores a Last-Event-ID that is not a plain non-negative integer, and streams from now', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 2);
    const bad = ['abc', '-1', '1.5', '1e1', '0x1', '99999999999999999999', '1, 1'];
    const streams = await Promise.all(bad.map((v) => openStream(host, { headers: { 'Last-Event-ID': v } })));
    streams.push(await openStream(host, { path: '/api/events?lastEventId=-1' }));
    for (const s of streams) expect(s.res.statusCode).toBe(200);
    await Promise.all(streams.map((s) => s.until(/bridge events/)));
    host.bus.emit('mockStatus', status(3));
    await Promise.all(streams.map((s) => s.until(/^id: 3$/m)));
    for (const s of streams) {
      expect(ids(s.text)).toEqual([3]);
      expect(s.text).not.toContain('replay incomplete');
      s.destroy();
    }
    a.destroy();
  });

  it('an id newer than any here (another process) streams from now, numbering on above it', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 1);
    const b = await openStream(host, { headers: { 'Last-Event-ID': '41' } });
    await b.until(/bridge events/);
    host.bus.emit('mockStatus', status(2));
    await Promise.all([a.until(/^id: 42$/m), b.until(/^id: 42$/m)]);
    expect(ids(a.text)).toEqual([1, 42]);
    expect(ids(b.text)).toEqual([42]);
    expect(b.text).not.toContain('replay incomplete');
    // The replay still serves the ids it holds.
    const c = await openStream(host, { headers: { 'Last-Event-ID': '0' } });
    await c.until(/^id: 42$/m);
    expect(ids(c.text)).toEqual([1, 42]);
    for (const s of [a, b, c]) s.destroy();
  });
});
