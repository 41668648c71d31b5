import type { IncomingMessage, ServerResponse } from 'node:http';
import { lastEventIdOf, openSseStream, sseEvent, type SseStream } from '../platform/node/sse';
import { ReplayBuffer } from '../shared/replay-buffer';
import { buildEvent, type EventRecord } from './event-record';
import type { ProviderEvent } from './provider-event';

export type { ProviderEvent } from './provider-event';

export type EventListener = (event: ProviderEvent) => void;

/** An event kept as its record until first needed, then as built. */
interface Entry {
  readonly id: number;
  record: EventRecord | null;
  event: ProviderEvent | null;
}

/** The history's default bounds: the last 500 requests, fewer when their bodies are large. */
export const HISTORY_LIMIT = 500;
const HISTORY_BYTES = 64 * 1024 * 1024;

/**
 * Fan-out of provider events with a history bounded in count and in bytes (requests may carry bodies up to the
 * 1 MiB limit), so a late subscriber (the UI, SSE) can catch up. Events are built from their records when first
 * needed (at once when someone listens), then kept as built. The newest event is always kept.
 */
export class EventHub {
  private readonly history: ReplayBuffer<Entry>;
  private readonly listeners = new Set<EventListener>();

  constructor(limit = HISTORY_LIMIT, byteLimit = HISTORY_BYTES) {
    this.history = new ReplayBuffer<Entry>({ maxEvents: limit, maxBytes: byteLimit });
  }

  publish(record: EventRecord): void {
    const entry: Entry = { id: this.history.nextId, record, event: null };
    this.history.push(entry, record.bytes);
    if (this.listeners.size === 0) return;
    const event = built(entry);
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // A failing listener must not break the request that produced the event.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  recent(sinceId = 0): ProviderEvent[] {
    return this.history.after(sinceId).map(built);
  }

  clear(): void {
    this.history.clear();
  }
}

function built(entry: Entry): ProviderEvent {
  if (entry.event === null) {
    entry.event = buildEvent(entry.id, entry.record!);
    entry.record = null;
  }
  return entry.event;
}

/** GET /_mock/events: Server-Sent Events, starting with the history after Last-Event-ID (or ?since=N). */
export function openEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  events: EventHub,
  streams: Set<SseStream>
): void {
  const since = lastEventIdOf(req, 'since') ?? 0;
  const stream = openSseStream(req, res, {
    greeting: 'OAuth Lab mock provider events',
    headers: { 'X-Content-Type-Options': 'nosniff' },
  });
  const write = (e: ProviderEvent) => stream.write(sseEvent({ id: e.id, event: 'exchange', data: JSON.stringify(e) })!);
  for (const e of events.recent(since)) write(e);
  const unsubscribe = events.subscribe(write);
  streams.add(stream);
  stream.onEnd(() => {
    unsubscribe();
    streams.delete(stream);
  });
}
