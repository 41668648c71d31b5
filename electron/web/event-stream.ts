import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeEventMessage } from '../../shared/bridge/api';
import { BASE_HEADERS } from './respond';

/** Where events come from: BridgeEventBus, or anything with the same subscribe. */
export interface EventFeed {
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

export const HEARTBEAT_MS = 15_000;
/** A tab that stops reading is cut off after this much unsent data instead of growing our memory without end. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** Event names become SSE field values, so only plain identifiers pass (a newline would forge another field). */
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

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
 * `GET /api/events`: every bridge event as Server-Sent Events to every open tab. A comment line every 15 s keeps
 * idle connections (and proxies, if any) from timing out; closing the tab unsubscribes; `closeAll` ends them all.
 */
export class EventStreams {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly feed: EventFeed,
    private readonly heartbeatMs: number = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.open.size;
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // The stream lives as long as the tab; no socket timeout should end it.
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    const write = (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        // EventSource reconnects on its own; a fresh stream is better than an unbounded buffer.
        end();
        return;
      }
      res.write(text);
    };
    write(': OAuth Lab bridge events\nretry: 2000\n\n');
    const unsubscribe = this.feed.subscribe((message) => {
      const frame = sseFrame(message);
      if (frame) write(frame);
    });
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), this.heartbeatMs);
    heartbeat.unref();
    let ended = false;
    const cleanup = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(end);
    };
    const end = () => {
      cleanup();
      if (!res.writableEnded) res.end();
    };
    this.open.add(end);
    res.on('close', cleanup);
    res.on('error', cleanup);
  }

  /** Ends every open stream (the host is closing). */
  closeAll(): void {
    for (const end of [...this.open]) end();
  }
}
