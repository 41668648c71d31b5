import type { Leg } from './legs';

/** What a leg is looked up by (a code, a token, a client_id); `undefined` leaves the leg out of the index. */
export type LegKey = (leg: Leg, index: number) => string | null | undefined;

/**
 * The legs grouped by a key, each group built on its first lookup and in the file's order: the cause finders ask
 * "the earlier leg that sent this code" once per failed leg, and a scan of every leg each time made a 40,000-entry
 * HAR's explanation quadratic.
 */
export class LegIndex {
  private readonly groups = new Map<LegKey, Map<string | null, number[]>>();

  constructor(private readonly legs: readonly Leg[]) {}

  /** The indexes of the legs whose `key` is `value`, ascending. */
  with(key: LegKey, value: string | null): readonly number[] {
    let group = this.groups.get(key);
    if (!group) {
      group = new Map();
      for (let i = 0; i < this.legs.length; i++) {
        const k = key(this.legs[i]!, i);
        if (k === undefined) continue;
        const list = group.get(k);
        if (list) list.push(i);
        else group.set(k, [i]);
      }
      this.groups.set(key, group);
    }
    return group.get(value) ?? [];
  }
}

/** How many of the ascending `list` are below `before`. */
export function countBelow(list: readonly number[], before: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
