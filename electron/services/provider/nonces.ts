import { InsertionOrder } from './insertion-order';

/**
 * Nonces seen recently (RFC 5849 §3.3), in bounded memory (§4.10). A nonce is remembered for the timestamp window
 * around its timestamp; older entries are dropped. When the memory is full the oldest entry is dropped too, and
 * from then on every timestamp up to the dropped one is refused (`floor`), so a dropped nonce can never be replayed.
 */
export class NonceMemory {
  private readonly seen = new Map<string, number>();
  private readonly order = new InsertionOrder<string>();
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

  /** One flat string (join builds it in one piece, where concatenation would leave a tree the GC must shortcut later). */
  static key(consumerKey: string, token: string, timestamp: number, nonce: string): string {
    return [consumerKey, token, timestamp, nonce].join('\u0000');
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Records a nonce (one already remembered is left as it is) and forgets those older than `oldestSeconds`. */
  remember(key: string, timestampSeconds: number, oldestSeconds: number): void {
    // Each key is in `order` once, so the two stay in step (nothing else deletes from `seen`).
    if (this.seen.has(key)) return;
    // Insertion order is close to timestamp order, so expiry starts at the oldest entry and stops at the first recent one.
    for (let k = this.order.peek(); k !== undefined && this.seen.get(k)! < oldestSeconds; k = this.order.peek()) {
      this.order.shift();
      this.seen.delete(k);
    }
    this.seen.set(key, timestampSeconds);
    this.order.push(key);
    this.trim();
  }

  clear(): void {
    this.seen.clear();
    this.order.reset();
    this.floorSeconds = 0;
  }

  private trim(): void {
    while (this.seen.size > this.capacity) {
      const oldest = this.order.shift()!;
      this.floorSeconds = Math.max(this.floorSeconds, this.seen.get(oldest)!);
      this.seen.delete(oldest);
    }
  }
}
