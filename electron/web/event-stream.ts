import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeEventMessage } from '../../shared/bridge/api';
import { BASE_HEADERS } from './respond';

/** Where events come from: BridgeEventBus, or anything with the same subscribe. */
export interface EventFeed {
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

export const HEARTBEAT_MS = 15_000;
/** A tab that stops reading is cut off after this much unsent data instead of growing our memory without end. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/**
 * The replay buffer for reconnecting tabs: a reconnect gap is seconds, so the last 500 events are plenty, and the
 * byte cap keeps a burst of large payloads from holding memory (and stays under MAX_BUFFERED_BYTES, so a full
 * replay never trips the slow-tab cut-off).
 */
export const REPLAY_MAX_EVENTS = 500;
const REPLAY_MAX_BYTES = 8 * 1024 * 1024;

export interface ReplayLimits {
  readonly maxEvents: number;
  readonly maxBytes: number;
}

/** Event names become SSE field values, so only plain identifiers pass (a newline would forge another field). */
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Last-Event-ID we accept: plain decimal digits, small enough to stay an exact JavaScript integer. */
const EVENT_ID = /^\d{1,15}$/;

/** One SSE frame: `event: <name>` and the JSON payload on one `data:` line (JSON.stringify never emits a raw newline). */
export function sseFrame(message: BridgeEventMessage): string | null {
  if (!EVENT_NAME.test(message.event)) return null;
  let data: string | undefined;
  try {
    data = JSON.stringify(message.payload ?? null);
  } catch {
    return null;
  }
  return `event: ${message.event}\ndata: ${data}\n\n`;
}

/**
 * Where a reconnecting tab left off: the Last-Event-ID header the browser sends on its own reconnect, else
 * `?lastEventId=` (a new EventSource cannot set headers). Anything but a plain non-negative integer is ignored.
 */
function lastEventIdOf(req: IncomingMessage): number | null {
  const header = req.headers['last-event-id'];
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const raw = typeof header === 'string' && header !== '' ? header : q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get('lastEventId');
  return raw !== null && EVENT_ID.test(raw) ? Number(raw) : null;
}

interface Buffered {
  readonly id: number;
  readonly frame: string;
  readonly bytes: number;
}

/**
 * `GET /api/events`: every bridge event as Server-Sent Events to every open tab. Each event gets the next id of this
 * instance and is kept in a bounded replay buffer, so a tab that reconnects with Last-Event-ID gets what it missed,
 * including events from while no tab was open. A comment line every 15 s keeps idle connections (and proxies, if
 * any) from timing out; closing the tab removes it; `closeAll` ends them all and releases the feed.
 */
export class EventStreams {
  private readonly open = new Set<{ write(text: string): void; end(): void }>();
  private readonly buffer: Buffered[] = [];
  private bufferedBytes = 0;
  private lastId = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly feed: EventFeed,
    private readonly heartbeatMs: number = HEARTBEAT_MS,
    private readonly limits: ReplayLimits = { maxEvents: REPLAY_MAX_EVENTS, maxBytes: REPLAY_MAX_BYTES },
  ) {}

  get size(): number {
    return this.open.size;
  }

  // Subscribed on the first tab, not in the constructor: a host that fails to listen never calls closeAll.
  private listen(): void {
    this.unsubscribe ??= this.feed.subscribe((message) => {
      const body = sseFrame(message);
      if (!body) return; // refused: no id spent, nothing buffered
      this.lastId += 1;
      const frame = `id: ${this.lastId}\n${body}`;
      this.buffer.push({ id: this.lastId, frame, bytes: Buffer.byteLength(frame) });
      this.bufferedBytes += this.buffer.at(-1)!.bytes;
      while (this.buffer.length > this.limits.maxEvents || this.bufferedBytes > this.limits.maxBytes) {
        this.bufferedBytes -= this.buffer.shift()!.bytes;
      }
      for (const tab of [...this.open]) tab.write(frame);
    });
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    this.listen();
    res.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // The stream lives as long as the tab; no socket timeout should end it.
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    let ended = false;
    // A let declared before cleanup: replay may end the stream (and run cleanup) before the interval starts.
    // eslint-disable-next-line prefer-const
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      this.open.delete(tab);
    };
    const end = () => {
      cleanup();
      if (!res.writableEnded) res.end();
    };
    const write = (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        // EventSource reconnects on its own (with Last-Event-ID); a fresh stream is better than an unbounded buffer.
        end();
        return;
      }
      res.write(text);
    };
    const tab = { write, end };
    write(': OAuth Lab bridge events\nretry: 2000\n\n');
    // Replay and joining the live set happen in one synchronous turn, so no event falls between them.
    this.replay(lastEventIdOf(req), write);
    if (ended || res.destroyed) return;
    this.open.add(tab);
    heartbeat = setInterval(() => write(': heartbeat\n\n'), this.heartbeatMs);
    heartbeat.unref();
    res.on('close', cleanup);
    res.on('error', cleanup);
  }

  private replay(since: number | null, write: (text: string) => void): void {
    if (since === null) return;
    if (since > this.lastId) {
      // Ids from another process (a restarted host): nothing to replay, and later ids continue above the tab's
      // own so its duplicate filter does not drop them.
      this.lastId = since;
      return;
    }
    const oldest = this.buffer[0]?.id ?? this.lastId + 1;
    if (since + 1 < oldest) write(`: replay incomplete: events ${since + 1}..${oldest - 1} were dropped\n\n`);
    for (const b of this.buffer) if (b.id > since) write(b.frame);
  }

  /** Ends every open stream and stops listening to the feed (the host is closing). */
  closeAll(): void {
    for (const tab of [...this.open]) tab.end();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
