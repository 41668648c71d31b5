/**
 * The last events of a stream, numbered 1, 2, 3, … and bounded in count and in bytes, for a client that catches up
 * (an event stream reconnecting with Last-Event-ID, a late subscriber). The oldest are dropped first; the newest is
 * always kept, even one larger than the byte bound, so the latest event can always be read.
 */
export interface ReplayLimits {
  readonly maxEvents: number;
  readonly maxBytes: number;
}

/**
 * The bridge's events, kept for a page that was not listening yet (a browser tab reconnecting, the Electron page
 * before it signals it is ready): a gap is seconds, so the last 500 events are plenty, and the byte cap keeps a burst
 * of large payloads from holding memory (and stays under the SSE writer's MAX_BUFFERED_BYTES, so a full replay never
 * trips the slow-tab cut-off).
 */
export const BRIDGE_EVENT_REPLAY: ReplayLimits = { maxEvents: 500, maxBytes: 8 * 1024 * 1024 };

interface Entry<T> {
  readonly id: number;
  readonly bytes: number;
  readonly value: T;
}

export class ReplayBuffer<T> {
  private readonly entries: Entry<T>[] = [];
  private bytes = 0;
  private last = 0;

  constructor(private readonly limits: ReplayLimits) {}

  /** The id of the newest event pushed (0 before the first). */
  get lastId(): number {
    return this.last;
  }

  /** The id the next event pushed gets. */
  get nextId(): number {
    return this.last + 1;
  }

  /** The id of the oldest event still kept; nextId when none is. */
  get oldestId(): number {
    return this.entries[0]?.id ?? this.last + 1;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Adds `value`, which weighs `bytes`, as event nextId and returns that id. */
  push(value: T, bytes: number): number {
    const id = ++this.last;
    const entry = { id, value, bytes };
    this.entries.push(entry);
    this.bytes += entry.bytes;
    while (
      this.entries.length > this.limits.maxEvents ||
      (this.bytes > this.limits.maxBytes && this.entries.length > 1)
    )
      this.bytes -= this.entries.shift()!.bytes;
    return id;
  }

  /** The kept events after `sinceId`, oldest first. */
  after(sinceId: number): T[] {
    const out: T[] = [];
    for (const e of this.entries) if (e.id > sinceId) out.push(e.value);
    return out;
  }

  /** Numbers later events above `id` (a client saw ids from an earlier run); nothing when `id` is not ahead. */
  continueAbove(id: number): void {
    this.last = Math.max(this.last, id);
  }

  /** Forgets the kept events; ids go on from where they were, so a client's Last-Event-ID stays meaningful. */
  clear(): void {
    this.entries.length = 0;
    this.bytes = 0;
  }
}
