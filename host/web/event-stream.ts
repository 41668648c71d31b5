import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeEventMessage } from '../../shared/bridge/api';
import { BRIDGE_EVENT_REPLAY, ReplayBuffer, type ReplayLimits } from '../../shared/replay-buffer';
import {
  HEARTBEAT_MS,
  lastEventIdOf,
  openSseStream,
  sseComment,
  sseEvent,
  type SseStream,
} from '../../platform/node/sse';
import { BASE_HEADERS } from './respond';

/** Where events come from: BridgeEventBus, or anything with the same subscribe. */
export interface EventFeed {
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

export type { ReplayLimits };
/** How many events a reconnecting tab can catch up on. */
export const REPLAY_MAX_EVENTS = BRIDGE_EVENT_REPLAY.maxEvents;

/** One bridge event as an SSE event: `event: <name>` and the JSON payload on one `data:` line; null when refused. */
export function sseFrame(message: BridgeEventMessage, id?: number): string | null {
  let data: string | undefined;
  try {
    data = JSON.stringify(message.payload ?? null);
  } catch {
    return null;
  }
  return sseEvent({ id, event: message.event, data });
}

/**
 * `GET /api/events`: every bridge event as Server-Sent Events to every open tab. Each event gets the next id of this
 * instance and is kept in a bounded replay buffer, so a tab that reconnects with Last-Event-ID gets what it missed,
 * including events from while no tab was open. A comment line every 15 s keeps idle connections (and proxies, if
 * any) from timing out; closing the tab removes it; `closeAll` ends them all and releases the feed.
 */
export class EventStreams {
  private readonly open = new Set<SseStream>();
  private readonly buffer: ReplayBuffer<string>;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly feed: EventFeed,
    private readonly heartbeatMs: number = HEARTBEAT_MS,
    limits: ReplayLimits = BRIDGE_EVENT_REPLAY
  ) {
    this.buffer = new ReplayBuffer<string>(limits);
  }

  get size(): number {
    return this.open.size;
  }

  // Subscribed on the first tab, not in the constructor: a host that fails to listen never calls closeAll.
  private listen(): void {
    this.unsubscribe ??= this.feed.subscribe((message) => {
      const text = sseFrame(message, this.buffer.nextId);
      if (!text) return; // refused: no id spent, nothing buffered
      this.buffer.push(text, Buffer.byteLength(text));
      for (const tab of [...this.open]) tab.write(text);
    });
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    this.listen();
    const tab = openSseStream(req, res, {
      greeting: 'OAuth Lab bridge events',
      retryMs: 2000,
      heartbeatMs: this.heartbeatMs,
      headers: { ...BASE_HEADERS, Connection: 'keep-alive' },
    });
    // Replay and joining the live set happen in one synchronous turn, so no event falls between them.
    this.replay(lastEventIdOf(req, 'lastEventId'), tab);
    if (tab.ended || res.destroyed) return;
    this.open.add(tab);
    tab.onEnd(() => this.open.delete(tab));
  }

  private replay(since: number | null, tab: SseStream): void {
    if (since === null) return;
    if (since > this.buffer.lastId) {
      // Ids from another process (a restarted host): nothing to replay, and later ids continue above the tab's
      // own so its duplicate filter does not drop them.
      this.buffer.continueAbove(since);
      return;
    }
    const oldest = this.buffer.oldestId;
    if (since + 1 < oldest) tab.write(sseComment(`replay incomplete: events ${since + 1}..${oldest - 1} were dropped`));
    for (const frame of this.buffer.after(since)) tab.write(frame);
  }

  /** Ends every open stream and stops listening to the feed (the host is closing). */
  closeAll(): void {
    for (const tab of [...this.open]) tab.end();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
