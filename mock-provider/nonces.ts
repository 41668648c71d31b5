import { BoundedTable } from '../shared/bounded-table';

/**
 * Nonces seen recently (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)), in bounded memory (§4.10). A nonce is remembered for the timestamp window
 * around its timestamp; older entries are dropped. When the memory is full the oldest entry is dropped too, and
 * from then on every timestamp up to the dropped one is refused (`floor`), so a dropped nonce can never be replayed.
 */
export class NonceMemory {
  private seen: BoundedTable<string, number>;
  private floorSeconds = 0;
  /**
   * The timestamp of the oldest entry (the first in insertion order) when known, null when not (after a drop to make
   * room, a resize or clear): while it is at or above the expiry bound nothing can expire, so remember() need not walk.
   */
  private headSeconds: number | null = null;

  constructor(capacity: number) {
    this.seen = this.table(capacity);
  }

  get size(): number {
    return this.seen.size;
  }

  /** The newest timestamp whose nonces may have been forgotten; requests at or before it must be refused. */
  get floor(): number {
    return this.floorSeconds;
  }

  /** Keeps the newest `capacity` nonces; those that no longer fit raise the floor like any other drop. */
  resize(capacity: number): void {
    if (capacity === this.seen.limit) return;
    const old = this.seen;
    this.seen = this.table(capacity);
    for (const key of old.keys()) this.seen.set(key, old.get(key)!);
  }

  /** One flat string (join builds it in one piece, where concatenation would leave a tree the GC must shortcut later). */
  static key(consumerKey: string, token: string, timestamp: number, nonce: string): string {
    return [consumerKey, token, timestamp, nonce].join('\u0000');
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /**
   * Records a nonce and forgets those older than `oldestSeconds`; false, leaving everything as it is, when the nonce is
   * remembered already (a replay), so a check and its record are one lookup.
   */
  remember(key: string, timestampSeconds: number, oldestSeconds: number): boolean {
    if (this.seen.has(key)) return false;
    if (this.headSeconds === null || this.headSeconds < oldestSeconds) this.expire(oldestSeconds);
    if (this.seen.size === 0) this.headSeconds = timestampSeconds;
    this.seen.set(key, timestampSeconds);
    return true;
  }

  /**
   * Forgets the entries older than `oldestSeconds`, then says whether one more fits without dropping any: a caller
   * that must never forget a live entry (DPoP's jti, RFC 9449 §11.1) refuses when there is no room.
   */
  hasRoom(oldestSeconds: number): boolean {
    if (this.headSeconds === null || this.headSeconds < oldestSeconds) this.expire(oldestSeconds);
    return this.seen.size < this.seen.limit;
  }

  /**
   * Insertion order is close to timestamp order, so expiry starts at the oldest entry and stops at the first recent
   * one, whose timestamp is then the head's.
   */
  private expire(oldestSeconds: number): void {
    const expired: string[] = [];
    this.headSeconds = null;
    for (const k of this.seen.keys()) {
      const seconds = this.seen.get(k)!;
      if (seconds >= oldestSeconds) {
        this.headSeconds = seconds;
        break;
      }
      expired.push(k);
    }
    for (const k of expired) this.seen.delete(k);
  }

  clear(): void {
    this.seen.clear();
    this.floorSeconds = 0;
    this.headSeconds = null;
  }

  private table(capacity: number): BoundedTable<string, number> {
    this.headSeconds = null;
    return new BoundedTable<string, number>(capacity, (timestamp) => {
      this.floorSeconds = Math.max(this.floorSeconds, timestamp);
      this.headSeconds = null;
    });
  }
}
