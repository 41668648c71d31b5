import { describe, expect, it } from 'vitest';
import { InsertionOrder, setBounded } from '../../../../electron/services/provider/insertion-order';

describe('InsertionOrder and setBounded (bounded tables, oldest dropped first)', () => {
  it('shifts keys in the order they were pushed, across the internal compaction', () => {
    const o = new InsertionOrder<number>();
    for (let i = 0; i < 5000; i++) o.push(i);
    const out: number[] = [];
    for (let i = 0; i < 3000; i++) out.push(o.shift()!);
    o.push(5000);
    expect(out).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect([o.length, o.peek()]).toEqual([2001, 3000]);
    while (o.length > 1) o.shift();
    expect([o.shift(), o.shift(), o.peek()]).toEqual([5000, undefined, undefined]);
  });

  it('keeps a map within its limit by dropping the oldest entries; setting an existing key does not reorder it', () => {
    const map = new Map<string, number>();
    const order = new InsertionOrder<string>();
    for (const k of ['a', 'b', 'c']) setBounded(map, order, 3, k, 1);
    setBounded(map, order, 3, 'a', 2);
    setBounded(map, order, 3, 'd', 1);
    expect([...map]).toEqual([['b', 1], ['c', 1], ['d', 1]]);
    expect(order.length).toBe(3);
  });

  it('keys deleted from the map by other means neither evict live entries early nor pile up in the order', () => {
    const map = new Map<string, number>();
    const order = new InsertionOrder<string>();
    for (let i = 0; i < 10_000; i++) {
      setBounded(map, order, 100, `login-${i}`, i);
      map.delete(`login-${i}`); // a login page answered: taken from the table
    }
    expect(map.size).toBe(0);
    expect(order.length).toBeLessThanOrEqual(2 * map.size + 1025);
    for (let i = 0; i < 100; i++) setBounded(map, order, 100, `k${i}`, i);
    expect(map.size).toBe(100);
    expect(map.has('k0')).toBe(true);
    setBounded(map, order, 100, 'k100', 100);
    expect([map.has('k0'), map.has('k1'), map.size]).toEqual([false, true, 100]);
  });

  it('a key set on the map directly cannot make it loop: the map is left over its limit instead', () => {
    const map = new Map<string, number>([['x', 0], ['y', 0]]);
    const order = new InsertionOrder<string>();
    setBounded(map, order, 1, 'a', 1);
    expect([...map.keys()]).toEqual(['x', 'y']);
  });
});
