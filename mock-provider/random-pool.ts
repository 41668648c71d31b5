import type { RandomPort } from '../shared/ports';

/**
 * Draws random bytes from a buffer filled 4 KiB at a time: one call into the system CSPRNG per ~100 tokens instead
 * of one per token, which matters at thousands of requests per second. The bytes are the same CSPRNG output, and
 * handed-out bytes are wiped from the pool so they can never be handed out twice.
 */
export interface PooledRandom extends RandomPort {
  /** `length` random bytes as base64url without padding, encoded straight from the pool (no copy): a token. */
  base64url(length: number): string;
}

/** Zeroes handed-out bytes with the typed array's own fill: Buffer#fill's argument checks cost more than the write. */
const wipe = (pool: Buffer, from: number, to: number) => Uint8Array.prototype.fill.call(pool, 0, from, to);

export function pooledRandom(source: RandomPort, poolSize = 4096): PooledRandom {
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  /** Where `length` unread bytes start, refilling the pool first when fewer are left. */
  const reserve = (length: number): number => {
    if (offset + length > pool.length) {
      const b = source.bytes(poolSize);
      pool = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
      offset = 0;
    }
    offset += length;
    return offset - length;
  };
  return {
    bytes(length: number): Uint8Array {
      if (length > poolSize) return source.bytes(length);
      const at = reserve(length);
      // A copy (Buffer#slice would return a view of the pool, which the next line wipes).
      const out = Uint8Array.prototype.slice.call(pool, at, at + length);
      wipe(pool, at, at + length);
      return out;
    },
    base64url(length: number): string {
      if (length > poolSize) {
        const b = source.bytes(length);
        return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64url');
      }
      const at = reserve(length);
      const text = pool.toString('base64url', at, at + length);
      wipe(pool, at, at + length);
      return text;
    },
  };
}
