/**
 * The keys of a Map in the order they were inserted, kept beside it so the oldest entries can be dropped in O(1).
 * Asking the Map itself (`map.keys().next()`) is not O(1): V8 leaves a deleted entry's slot in place until the table
 * is rebuilt, and every new iterator walks over all of them, which made a full table slower with every request.
 */
export class InsertionOrder<K> {
  private keys: (K | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.keys.length - this.head;
  }

  push(key: K): void {
    this.keys.push(key);
  }

  /** The oldest key, without removing it. */
  peek(): K | undefined {
    return this.keys[this.head];
  }

  shift(): K | undefined {
    if (this.head >= this.keys.length) return undefined;
    const key = this.keys[this.head];
    this.keys[this.head++] = undefined;
    // Copy the live part down once the dropped part is the larger half, so memory stays proportional to length.
    if (this.head > 1024 && this.head * 2 > this.keys.length) {
      this.keys = this.keys.slice(this.head);
      this.head = 0;
    }
    return key;
  }

  /** Starts again from `keys` (in order), e.g. after entries were deleted from the Map by other means. */
  reset(keys: Iterable<K> = []): void {
    this.keys = [...keys];
    this.head = 0;
  }
}

/**
 * Sets `key` in `map` and drops the oldest entries beyond `limit`. Keys deleted from the map by other means stay in
 * `order` until they come up (dropping them then is a no-op), and `order` is rebuilt when they outnumber the rest.
 */
export function setBounded<K, V>(map: Map<K, V>, order: InsertionOrder<K>, limit: number, key: K, value: V): void {
  const size = map.size;
  map.set(key, value);
  if (map.size !== size) order.push(key);
  while (map.size > limit) {
    const oldest = order.shift();
    if (oldest === undefined) break; // only when keys were set on the map directly
    map.delete(oldest);
  }
  if (order.length > 2 * map.size + 1024) order.reset(map.keys());
}
