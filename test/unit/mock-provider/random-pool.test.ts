import { describe, expect, it } from 'vitest';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { pooledRandom } from '../../../mock-provider/random-pool';
import { Harness, requestToken } from './helpers';

describe('pooled randomness', () => {
  it('hands out distinct, non-zero bytes across pool refills', () => {
    const r = pooledRandom(nodeRandom, 64);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const b = r.bytes(16);
      expect(b.length).toBe(16);
      expect(b.some((x) => x !== 0)).toBe(true);
      seen.add(Buffer.from(b).toString('hex'));
    }
    expect(seen.size).toBe(500);
  });

  it('encodes tokens straight from the pool: base64url of fresh bytes, distinct across refills, longer than the pool too', () => {
    const r = pooledRandom(nodeRandom, 64);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const t = r.base64url(18);
      expect(t).toMatch(/^[A-Za-z0-9_-]{24}$/);
      seen.add(t);
    }
    expect(seen.size).toBe(500);
    expect(r.base64url(100)).toMatch(/^[A-Za-z0-9_-]{134}$/);
    // Bytes and tokens come from the same pool without overlap: a fixed source shows where each read starts.
    let fill = 0;
    const counting = pooledRandom({ bytes: (n) => Uint8Array.from({ length: n }, () => fill++ & 255) }, 6);
    expect(counting.base64url(3)).toBe(Buffer.from([0, 1, 2]).toString('base64url'));
    expect([...counting.bytes(3)]).toEqual([3, 4, 5]);
    expect(counting.base64url(3)).toBe(Buffer.from([6, 7, 8]).toString('base64url'));
  });

  it('issued tokens are unique', async () => {
    const h = await new Harness().start();
    try {
      const tokens = await Promise.all(Array.from({ length: 100 }, () => requestToken(h)));
      expect(new Set(tokens.map((t) => t.token)).size).toBe(100);
      expect(new Set(tokens.map((t) => t.secret)).size).toBe(100);
    } finally {
      await h.stop();
    }
  });
});
