import type { Exchange } from '../../../shared/http';
import type { ProviderSignatureReport } from './oauth1-verify';

/** What the provider decided about one request, and why, in words a user can act on. */
export interface Verdict {
  readonly ok: boolean;
  /** A machine-readable reason: an oauth_problem or OAuth 2 error code, `ok`, `redirect`, `not_found`, … */
  readonly reason: string;
  readonly message: string;
}

/** One request the provider saw (design §4.4): the raw exchange, its own signature trace and its verdict. */
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
}

export type EventListener = (event: ProviderEvent) => void;

/** Fan-out of provider events with a bounded history, so a late subscriber (the UI, SSE) can catch up. */
export class EventHub {
  private readonly history: ProviderEvent[] = [];
  private readonly listeners = new Set<EventListener>();
  private nextId = 1;

  constructor(private readonly limit = 500) {}

  newId(): number {
    return this.nextId++;
  }

  publish(event: ProviderEvent): void {
    this.history.push(event);
    if (this.history.length > this.limit) this.history.splice(0, this.history.length - this.limit);
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
    return this.history.filter((e) => e.id > sinceId);
  }

  clear(): void {
    this.history.length = 0;
  }
}
