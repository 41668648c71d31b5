// The mock's tables at their limit: adding to a full BoundedTable of 50,000 entries (TABLE_LIMIT, each add drops the
// oldest, some keys deleted or set again along the way) beside adding to a plain Map that never drops anything, in
// the same run. Target: at most 3× the plain Map's time per add, so a full table costs a request no more than a
// growing one (finding the oldest entry afresh each time once cost tens of µs per add at this size).
import { BoundedTable } from '../../shared/bounded-table';
import { TABLE_LIMIT } from '../../mock-provider/state';
import type { BenchOutcome } from './run';

const ADDS = 400_000;
const TARGET = 3;

/** µs per add, the churn of a provider's table included: every 7th key set again, every 11th deleted. */
function timed(table: { set(k: string, v: number): void; delete(k: string): boolean }): number {
  const keys = Array.from({ length: ADDS }, (_, i) => `token-${i}`);
  const t0 = performance.now();
  for (let i = 0; i < ADDS; i++) {
    table.set(keys[i]!, i);
    if (i % 7 === 0 && i >= 3) table.set(keys[i - 3]!, i);
    if (i % 11 === 0 && i >= 5) table.delete(keys[i - 5]!);
  }
  return ((performance.now() - t0) * 1000) / ADDS;
}

export function run(): Promise<BenchOutcome> {
  const rounds = Array.from({ length: 3 }, () => ({
    bounded: timed(new BoundedTable<string, number>(TABLE_LIMIT)),
    map: timed(new Map<string, number>()),
  }));
  const best = (k: 'bounded' | 'map') => Math.min(...rounds.map((r) => r[k]));
  const ratio = best('bounded') / best('map');
  const report = [
    `${ADDS} adds (best of 3 rounds), a table of ${TABLE_LIMIT} entries once full, against a plain Map`,
    `BoundedTable ${best('bounded').toFixed(3)} µs per add, Map ${best('map').toFixed(3)} µs: ${ratio.toFixed(2)}× (target ≤ ${TARGET}×: ${ratio <= TARGET ? 'met' : 'NOT met'})`,
  ].join('\n');
  return Promise.resolve({ report, failures: [] });
}
