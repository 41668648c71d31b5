import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NonceMemory } from '../../../mock-provider/nonces';

const key = (n: string, ts: number) => NonceMemory.key('consumer', '', ts, n);

describe('nonce memory (RFC 5849 §3.3, bounded)', () => {
  it('keys are distinct for each part', () => {
    expect(
      new Set([
        NonceMemory.key('a', 'b', 1, 'c'),
        NonceMemory.key('a', '', 1, 'bc'),
        NonceMemory.key('ab', '', 1, 'c'),
        NonceMemory.key('a', 'b', 11, 'c'),
      ]).size
    ).toBe(4);
  });

  it('forgets nonces older than the window, from the oldest on, and only those', () => {
    const m = new NonceMemory(100);
    m.remember(key('a', 100), 100, 0);
    m.remember(key('b', 200), 200, 0);
    m.remember(key('c', 300), 300, 0);
    m.remember(key('d', 400), 400, 250);
    expect([m.has(key('a', 100)), m.has(key('b', 200)), m.has(key('c', 300)), m.has(key('d', 400))]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(m.size).toBe(2);
    m.remember(key('e', 500), 500, 450);
    expect(m.size).toBe(1);
    expect(m.has(key('e', 500))).toBe(true);
    expect(m.floor).toBe(0);
  });

  it('stops at the first recent entry even when an older one follows it (insertion order)', () => {
    const m = new NonceMemory(100);
    m.remember(key('new', 500), 500, 0);
    m.remember(key('old', 100), 100, 0);
    m.remember(key('x', 500), 500, 200);
    expect(m.has(key('old', 100))).toBe(true);
    expect(m.size).toBe(3);
  });

  it('when full, drops the oldest entry and raises the floor to its timestamp', () => {
    const m = new NonceMemory(2);
    m.remember(key('a', 100), 100, 0);
    m.remember(key('b', 200), 200, 0);
    m.remember(key('c', 300), 300, 0);
    expect(m.size).toBe(2);
    expect(m.floor).toBe(100);
    expect(m.has(key('a', 100))).toBe(false);
    m.resize(1);
    expect(m.floor).toBe(200);
    expect(m.has(key('c', 300))).toBe(true);
    // Expiry still starts at the right entry after the drops.
    m.remember(key('d', 400), 400, 350);
    expect(m.size).toBe(1);
    expect(m.has(key('d', 400))).toBe(true);
  });

  it('remembering a nonce twice keeps one entry and says it was there (one lookup for the check and the record)', () => {
    const m = new NonceMemory(2);
    expect(m.remember(key('a', 100), 100, 0)).toBe(true);
    expect(m.remember(key('a', 100), 100, 0)).toBe(false);
    m.remember(key('b', 200), 200, 0);
    expect(m.size).toBe(2);
    m.remember(key('c', 300), 300, 150);
    expect([m.has(key('a', 100)), m.has(key('b', 200)), m.has(key('c', 300)), m.floor]).toEqual([false, true, true, 0]);
    m.remember(key('d', 400), 400, 0);
    expect([m.size, m.floor]).toEqual([2, 200]);
  });

  it('resizing keeps the newest nonces, in order; a larger or equal capacity forgets nothing', () => {
    const m = new NonceMemory(3);
    for (const [n, ts] of [
      ['a', 100],
      ['b', 200],
      ['c', 300],
    ] as const)
      m.remember(key(n, ts), ts, 0);
    m.resize(3);
    m.resize(10);
    expect([m.size, m.floor]).toEqual([3, 0]);
    m.resize(2);
    expect([m.has(key('a', 100)), m.has(key('b', 200)), m.has(key('c', 300)), m.floor]).toEqual([
      false,
      true,
      true,
      100,
    ]);
    // The order survived the copy: the next drop is b, the oldest left.
    m.remember(key('d', 400), 400, 0);
    expect([m.has(key('b', 200)), m.floor]).toEqual([false, 200]);
  });

  it('clear() forgets everything, the floor too', () => {
    const m = new NonceMemory(1);
    m.remember(key('a', 100), 100, 0);
    m.remember(key('b', 200), 200, 0);
    m.clear();
    expect([m.size, m.floor]).toEqual([0, 0]);
    m.remember(key('c', 300), 300, 250);
    expect(m.size).toBe(1);
  });
});

describe('nonce memory against a plain model (a list in insertion order)', () => {
  it('remembers, expires from the oldest on and drops to make room exactly as the model does', () => {
    const op = fc.record({
      nonce: fc.integer({ min: 0, max: 30 }),
      seconds: fc.integer({ min: 0, max: 60 }),
      oldest: fc.integer({ min: 0, max: 60 }),
      resize: fc.option(fc.integer({ min: 1, max: 12 }), { freq: 8 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(op, { maxLength: 80 }), (capacity, ops) => {
        const m = new NonceMemory(capacity);
        const model: [string, number][] = [];
        let floor = 0;
        let limit = capacity;
        const drop = () => {
          while (model.length > limit) floor = Math.max(floor, model.shift()![1]);
        };
        for (const o of ops) {
          if (o.resize !== null) {
            m.resize(o.resize);
            limit = o.resize;
            drop();
          }
          const k = key(String(o.nonce), o.seconds);
          const fresh = !model.some(([n]) => n === k);
          if (fresh) {
            while (model.length && model[0]![1] < o.oldest) model.shift();
            model.push([k, o.seconds]);
            drop();
          }
          expect(m.remember(k, o.seconds, o.oldest)).toBe(fresh);
          expect([m.size, m.floor]).toEqual([model.length, floor]);
          for (const [n] of model) expect(m.has(n)).toBe(true);
        }
      }),
      { numRuns: 500 }
    );
  });
});
