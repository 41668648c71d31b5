/**
 * Nonces seen recently (RFC 5849 §3.3), in bounded memory (§4.10). A nonce is remembered for the timestamp window
 * around its timestamp; older entries are dropped. When the memory is full the oldest entry is dropped too, and
 * from then on every timestamp up to the dropped one is refused (`floor`), so a dropped nonce can never be replayed.
 */
export class NonceMemory {
  private readonly seen = new Map<string, number>();
  private floorSeconds = 0;

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

  static key(consumerKey: string, token: string, timestamp: number, nonce: string): string {
    return `${consumerKey}\u0000${token}\u0000${timestamp}\u0000${nonce}`;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Records a nonce and forgets those whose timestamp is older than `oldestSeconds`. */
  remember(key: string, timestampSeconds: number, oldestSeconds: number): void {
    for (const [k, ts] of this.seen) {
      // Insertion order is close to timestamp order, so the scan stops at the first recent entry.
      if (ts >= oldestSeconds) break;
      this.seen.delete(k);
    }
    this.seen.set(key, timestampSeconds);
    this.trim();
  }

  clear(): void {
    this.seen.clear();
    this.floorSeconds = 0;
  }

  private trim(): void {
    while (this.seen.size > this.capacity) {
      const first = this.seen.entries().next().value as [string, number];
      this.seen.delete(first[0]);
      this.floorSeconds = Math.max(this.floorSeconds, first[1]);
    }
  }
}
