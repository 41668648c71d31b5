import type { Exchange, SocketEnd } from '../../../shared/http';
import { ReplayBuffer } from '../replay-buffer';
import { buildEvent, type EventRecord } from './event-record';
import type { ProviderSignatureReport } from './oauth1-verify';

/** What the provider decided about one request, and why, in words a user can act on. */
export interface Verdict {
  readonly ok: boolean;
  /** A machine-readable reason: an oauth_problem or OAuth 2 error code, `ok`, `redirect`, `not_found`, … */
  readonly reason: string;
  readonly message: string;
}

/** One request the provider saw: the raw exchange, its own signature trace and its verdict. */
export interface ProviderEvent {
  readonly id: number;
  /** The provider clock's time (with any advance applied), ISO 8601. */
  readonly at: string;
  /** Which endpoint answered, e.g. `oauth1.requestToken`, `oauth2.token`, `admin`, `not_found`. */
  readonly endpoint: string;
  readonly exchange: Exchange;
  readonly verdict: Verdict;
  /** OAuth 1.0a requests: the base string and signature the provider computed, and the client's signature. */
  readonly signature: ProviderSignatureReport | null;
  /** Behaviour this response shows that the service's interface does not document (with the RFC followed). */
  readonly assumptions: readonly string[];
  /** The sender's end of the connection the request arrived on (its address and port); null if it was gone. */
  readonly client: SocketEnd | null;
}

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
