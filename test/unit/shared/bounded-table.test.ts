import { describe, expect, it } from 'vitest';
import { BoundedTable } from '../../../shared/bounded-table';

describe('BoundedTable (first in, first out)', () => {
  it('keeps within its limit by dropping the oldest entry; values() lists oldest first', () => {
    const t = new BoundedTable<string, number>(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      t.set(k, v);
    expect([...t.keys()]).toEqual(['b', 'c', 'd']);
    expect([...t.values()]).toEqual([2, 3, 4]);
    expect([t.size, t.has('a'), t.get('a')]).toEqual([3, false, undefined]);
  });

  it('reading is not use: get() and has() leave the order alone', () => {
    const t = new BoundedTable<string, number>(2);
    t.set('a', 1);
    t.set('b', 2);
    expect([t.get('a'), t.has('a')]).toEqual([1, true]);
    t.set('c', 3);
    expect([...t.keys()]).toEqual(['b', 'c']);
  });

  it('setting a key again replaces its value and makes it the newest', () => {
    const t = new BoundedTable<string, number>(2);
    t.set('a', 1);
    t.set('b', 2);
    t.set('a', 10);
    t.set('c', 3);
    expect([...t.keys()]).toEqual(['a', 'c']);
    expect(t.get('a')).toBe(10);
  });

  it('keys deleted along the way neither evict live entries early nor hold memory', () => {
    const t = new BoundedTable<string, number>(100);
    for (let i = 0; i < 10_000; i++) {
      t.set(`login-${i}`, i);
      expect(t.delete(`login-${i}`)).toBe(true); // a login page answered: taken from the table
    }
    expect(t.size).toBe(0);
    for (let i = 0; i < 100; i++) t.set(`k${i}`, i);
    expect([t.size, t.has('k0')]).toEqual([100, true]);
    t.set('k100', 100);
    expect([t.has('k0'), t.has('k1'), t.size]).toEqual([false, true, 100]);
  });

  it('tells onEvict of each entry dropped to make room, and of nothing else', () => {
    const evicted: [string, number][] = [];
    const t = new BoundedTable<string, number>(2, (value, key) => evicted.push([key, value]));
    t.set('a', 1);
    t.set('b', 2);
    t.set('b', 20);
    t.delete('a');
    t.set('c', 3);
    t.set('d', 4);
    expect(evicted).toEqual([['b', 20]]);
    t.clear();
    expect([evicted.length, t.size]).toEqual([1, 0]);
  });

  it('takes memory as entries arrive, not for the whole limit up front (a 10-million-entry nonce memory is allowed)', () => {
    const before = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const tables = Array.from({ length: 5 }, () => new BoundedTable<string, number>(10_000_000));
    const grown = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed - before;
    // Preallocated index arrays for 5 x 10M entries would be several hundred MB.
    expect(grown).toBeLessThan(50_000_000);
    expect(tables.map((t) => t.limit)).toEqual(Array(5).fill(10_000_000));
  });
});

describe('BoundedTable limits', () => {
  it('refuses a limit below one or not a whole number, naming it', () => {
    for (const limit of [0, -1, 1.5, Number.NaN])
      expect(() => new BoundedTable<string, number>(limit)).toThrow(`at least one entry; got a limit of ${limit}`);
  });
});

describe('BoundedTable eviction order under churn', () => {
  it('always drops the oldest live entry, with keys deleted and set again all along (against a model)', () => {
    const limit = 50;
    const t = new BoundedTable<string, number>(limit);
    const model: string[] = []; // keys, oldest first
    const evicted: string[] = [];
    const seen: string[] = [];
    const u = new BoundedTable<string, number>(limit, (_v, k) => evicted.push(k));
    let seed = 7;
    const rand = (n: number) => Math.floor((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 16) % n;
    for (let i = 0; i < 5000; i++) {
      const op = rand(10);
      const key = `k${rand(200)}`;
      if (op < 1) {
        const at = model.indexOf(key);
        expect(t.delete(key)).toBe(at >= 0);
        u.delete(key);
        if (at >= 0) model.splice(at, 1);
      } else {
        const at = model.indexOf(key);
        if (at >= 0) model.splice(at, 1);
        else if (model.length >= limit) seen.push(model.shift()!);
        model.push(key);
        t.set(key, i);
        u.set(key, i);
      }
      if (i % 500 === 0) {
        t.clear();
        u.clear();
        model.splice(0);
      }
    }
    expect([...t.keys()]).toEqual(model);
    expect([...u.keys()]).toEqual(model);
    expect(evicted).toEqual(seen);
    expect(evicted.length).toBeGreaterThan(100);
  });
});
