/**
 * Nonces seen recently (RFC 5849 §3.3), in bounded memory (§4.10). A nonce is remembered for the timestamp window
 * around its timestamp; older entries are dropped. When the memory is full the oldest entry is dropped too, and
 * from then on every timestamp up to the dropped one is refused (`floor`), so a dropped nonce can never be replayed.
 */
export class NonceMemory {
  private readonly seen = new Map<string, number>();
  private floorSeconds = 0;
  /** The timestamp of the first entry in insertion order (Infinity when empty): expiry starts there. */
  private headSeconds = Infinity;

  constructor(private capacity: number) {}

  get size(): number {
    return this.seen.size;
  }

  /** The newest timestamp whose nonces may have been forgotten; requests at or before it must be refused. */
  get floor(): number {
    return this.floorSeconds;
  }

  resize(capacity: number): void {
    this.capacity = capacity;
    this.trim();
  }

  /** One flat string (join builds it in one piece, where concatenation would leave a tree the GC must shortcut later). */
  static key(consumerKey: string, token: string, timestamp: number, nonce: string): string {
    return [consumerKey, token, timestamp, nonce].join('\u0000');
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Records a nonce not remembered yet (callers ask has() first) and forgets those older than `oldestSeconds`. */
  remember(key: string, timestampSeconds: number, oldestSeconds: number): void {
    // Insertion order is close to timestamp order, so the scan starts only when the first entry is due and stops at
    // the first recent one; a request that expires nothing allocates nothing here.
    if (this.headSeconds < oldestSeconds) {
      for (const [k, ts] of this.seen) {
        if (ts >= oldestSeconds) break;
        this.seen.delete(k);
      }
      this.headSeconds = this.firstTimestamp();
    }
    this.seen.set(key, timestampSeconds);
    if (this.seen.size === 1) this.headSeconds = timestampSeconds;
    this.trim();
  }

  clear(): void {
    this.seen.clear();
    this.floorSeconds = 0;
    this.headSeconds = Infinity;
  }

  private firstTimestamp(): number {
    const first = this.seen.values().next();
    return first.done ? Infinity : first.value;
  }

  private trim(): void {
    if (this.seen.size <= this.capacity) return;
    while (this.seen.size > this.capacity) {
      const first = this.seen.entries().next().value as [string, number];
      this.seen.delete(first[0]);
      this.floorSeconds = Math.max(this.floorSeconds, first[1]);
    }
    this.headSeconds = this.firstTimestamp();
  }
}
