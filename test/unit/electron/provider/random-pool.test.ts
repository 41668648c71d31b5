import { describe, expect, it } from 'vitest';
import { nodeRandom } from '../../../../electron/services/node-crypto';
import { pooledRandom } from '../../../../electron/services/provider/random-pool';
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
