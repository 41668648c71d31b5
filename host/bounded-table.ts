import { LRUCache } from 'lru-cache';

/**
 * A table that holds at most `limit` entries, on lru-cache: adding one to a full table drops the oldest, so traffic
 * nobody authenticated (login pages, callbacks) cannot exhaust memory. Reading is not use: get() and has() leave the
 * order alone, and values() lists the entries oldest first, as they were added (setting a key again makes it newest).
 */
// lru-cache's own constraint: keys and values are any non-nullish value.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export class BoundedTable<K extends {}, V extends {}> {
  private readonly cache: LRUCache<K, V>;

  /** `onEvict` hears of each entry dropped to make room (not of delete() or clear()). */
  constructor(
    readonly limit: number,
    onEvict?: (value: V, key: K) => void
  ) {
    // Bounded by maxSize with every entry of size 1 rather than by `max`: `max` preallocates index arrays for the
    // whole limit up front (hundreds of MB for a large nonce memory); maxSize grows with use and evicts the same way.
    const bound = { maxSize: limit, sizeCalculation: () => 1 };
    this.cache = new LRUCache<K, V>(
      onEvict ? { ...bound, dispose: (value, key, reason) => reason === 'evict' && onEvict(value, key) } : bound
    );
  }

  get size(): number {
    return this.cache.size;
  }

  get(key: K): V | undefined {
    return this.cache.peek(key);
  }

  has(key: K): boolean {
    return this.cache.has(key);
  }

  set(key: K, value: V): void {
    this.cache.set(key, value);
  }

  delete(key: K): boolean {
    return this.cache.delete(key);
  }

  /** Oldest first. */
  keys(): Generator<K> {
    return this.cache.rkeys();
  }

  /** Oldest first. */
  values(): Generator<V> {
    // Only a background fetch (not used here) leaves a slot without a value.
    return this.cache.rvalues() as Generator<V>;
  }

  clear(): void {
    this.cache.clear();
  }
}
