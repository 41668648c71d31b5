import { describe, expect, it } from 'vitest';
import type { RandomPort } from '../../../../shared/ports';
import { historyEntrySchema } from '../../../../shared/store/history';
import { newRecordId } from '../../../../shared/store/record-id';
import { savedTokenSchema } from '../../../../shared/store/saved-token';

/** Hands out 0x00, 0x01, 0x02, … so each call gets bytes of its own. */
function counting(): RandomPort & { asked: number[] } {
  let next = 0;
  const asked: number[] = [];
  return { asked, bytes: (n) => (asked.push(n), Uint8Array.from({ length: n }, () => next++ & 0xff)) };
}

describe('newRecordId', () => {
  it('is the prefix and 8 random octets in hex, fresh on every call', () => {
    const random = counting();
    expect(newRecordId(random)).toBe('0001020304050607');
    expect(newRecordId(random, 'p-')).toBe('p-08090a0b0c0d0e0f');
    expect(random.asked).toEqual([8, 8]);
  });

  it('is an id every store accepts (1 to 64 of A-Z a-z 0-9 - _)', () => {
    const id = newRecordId({ bytes: (n) => new Uint8Array(n).fill(0xff) }, 'p-');
    expect(id).toBe('p-ffffffffffffffff');
    expect(historyEntrySchema.shape.id.safeParse(id).success).toBe(true);
    expect(savedTokenSchema.shape.id.safeParse(id).success).toBe(true);
  });
});
