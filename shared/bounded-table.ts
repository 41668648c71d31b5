/**
 * A table that holds at most `limit` entries: adding one to a full table drops the oldest, so traffic nobody
 * authenticated (login pages, callbacks) cannot exhaust memory. Reading is not use: get() and has() leave the order
 * alone, and values() lists the entries oldest first, as they were added (setting a key again makes it newest).
 * That is first-in, first-out, which a Map's insertion order already is; an LRU cache would track a recency no
 * caller reads, on every request the mock answers. Memory grows with the entries, not with the limit.
 */
export class BoundedTable<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * Where the oldest entry is: one iterator kept across evictions. Everything before it was dropped or set again
   * (which moves a key to the end), so its next key is the oldest. A fresh iterator each time would step over every
   * deleted slot from the start of the Map's table, until V8 compacts it: at 50,000 entries, tens of µs per eviction.
   */
  private oldest: IterableIterator<K> | null = null;

  /** `onEvict` hears of each entry dropped to make room (not of delete() or clear()). */
  constructor(
    readonly limit: number,
    private readonly onEvict?: (value: V, key: K) => void
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new RangeError(`A bounded table holds at least one entry; got a limit of ${limit}.`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    // A key set again moves to the end, as a new one would; only a new key can overflow the table.
    if (!this.entries.delete(key) && this.entries.size >= this.limit) this.dropOldest();
    this.entries.set(key, value);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Oldest first. */
  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  /** Oldest first. */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  clear(): void {
    this.entries.clear();
    this.oldest = null;
  }

  private dropOldest(): void {
    this.oldest ??= this.entries.keys();
    let next = this.oldest.next();
    // An iterator that reached the end stays there; the table is full, so a new one finds the oldest at once.
    if (next.done) next = (this.oldest = this.entries.keys()).next();
    if (next.done) return;
    const key = next.value;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.onEvict?.(value, key);
  }
}
