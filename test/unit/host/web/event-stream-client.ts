import { createServer, request, type IncomingMessage } from 'node:http';
import type { BridgeEventMessage } from '../../../../shared/bridge/api';
import { BridgeEventBus } from '../../../../host/bridge/event-bus';
import { EventStreams, type ReplayLimits } from '../../../../host/web/event-stream';
import { resolveLocalhostNamesLikeBrowsers } from '../../../support/localhost-names';

resolveLocalhostNamesLikeBrowsers();

// A test client for GET /api/events over a real 127.0.0.1 socket, and a bare EventStreams server to point it at.

/** An open GET /api/events, collecting the text as it arrives. */
export interface Stream {
  readonly res: IncomingMessage;
  text: string;
  ended: boolean;
  /** Resolves once the collected text matches. */
  until(pattern: RegExp, timeoutMs?: number): Promise<string>;
  destroy(): void;
}

/** The web host (with its token cookie), or a bare EventStreams server (see serveStreams). */
export interface Target {
  readonly port: number;
  readonly token?: string;
  /** The web host's per-launch name, which its Host check requires (resolved to 127.0.0.1 as browsers do). */
  readonly hostName?: string;
}

export function openStream(
  host: Target,
  opts: { path?: string; headers?: Record<string, string> } = {}
): Promise<Stream> {
  const auth =
    host.token === undefined ? {} : { Cookie: `oauth_lab_token=${host.token}`, 'Sec-Fetch-Site': 'same-origin' };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: host.hostName ?? '127.0.0.1',
        port: host.port,
        path: opts.path ?? '/api/events',
        agent: false,
        headers: { ...auth, ...opts.headers },
      },
      (res) => {
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
              const timer = setTimeout(
                () => fail(new Error(`no ${pattern} in ${JSON.stringify(stream.text)}`)),
                timeoutMs
              );
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
      }
    );
    req.on('error', reject);
    req.end();
  });
}

export const waitFor = async (condition: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The `id:` values in a stream's text, in order. */
export const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
export const status = (n: number) => ({ running: true, baseUrl: `http://127.0.0.1:${n}` });

/** A tab that has received `count` mockStatus events (ids 1..count): the history a reconnect replays from. */
export async function tabAfter(host: Target & { readonly bus: BridgeEventBus }, count: number): Promise<Stream> {
  const tab = await openStream(host);
  await tab.until(/bridge events/);
  for (let n = 1; n <= count; n += 1) host.bus.emit('mockStatus', status(n));
  await tab.until(new RegExp(`^id: ${count}$`, 'm'));
  return tab;
}

/** An EventStreams of its own on a real 127.0.0.1 socket, for small replay limits and a look at its open set. */
export interface Bare extends Target {
  readonly bus: BridgeEventBus;
  readonly streams: EventStreams;
  /** Feed subscriptions currently held. */
  readonly feedSubscribers: () => number;
}
const bareServers: (() => Promise<void>)[] = [];
/** Stops every server serveStreams started; each test file calls it after each test. */
export const closeBareServers = () => Promise.all(bareServers.splice(0).map((close) => close()));

export async function serveStreams(limits?: ReplayLimits): Promise<Bare> {
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
      })
  );
  return { port: (server.address() as { port: number }).port, bus, streams, feedSubscribers: () => subscribed };
}
