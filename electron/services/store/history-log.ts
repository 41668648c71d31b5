import { HISTORY_LIMIT, type HistoryEntry, type HistoryQuery } from '../../../shared/store/history';
import type { HistoryRecord } from './codec';

/**
 * The history in memory, newest first (by `at`; among equal times, the one added last first), bounded to
 * HISTORY_LIMIT. Each record keeps its stored (sealed) form, so a write encrypts nothing again and listing 5000
 * entries decrypts nothing.
 */
export class HistoryLog {
  private records: HistoryRecord[] = [];
  /** Ids present, so adding stays O(log n) + one splice unless an id is replaced. */
  private ids = new Set<string>();

  constructor(records: readonly HistoryRecord[] = []) {
    this.restore([...records].sort((a, b) => b.meta.at - a.meta.at).slice(0, HISTORY_LIMIT));
  }

  get size(): number {
    return this.records.length;
  }

  /** Adds or replaces (same id) an entry; the oldest fall off beyond the limit. */
  add(record: HistoryRecord): void {
    if (this.ids.has(record.meta.id)) this.records.splice(this.records.findIndex((r) => r.meta.id === record.meta.id), 1);
    this.records.splice(this.insertionIndex(record.meta.at), 0, record);
    this.ids.add(record.meta.id);
    while (this.records.length > HISTORY_LIMIT) this.ids.delete(this.records.pop()!.meta.id);
  }

  /** The first index whose entry is not newer than `at` (binary search over the descending times). */
  private insertionIndex(at: number): number {
    let lo = 0;
    let hi = this.records.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.records[mid]!.meta.at > at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  query(q: HistoryQuery): { entries: HistoryEntry[]; total: number } {
    const entries: HistoryEntry[] = [];
    let total = 0;
    for (const r of this.records) {
      // Entries whose exchange cannot be decrypted stay in the file but are not listed (a notice said so).
      if (!r.entry) continue;
      if (q.profileId !== undefined && r.meta.profileId !== q.profileId) continue;
      if (q.flow !== undefined && r.meta.flow !== q.flow) continue;
      if (q.leg !== undefined && r.meta.leg !== q.leg) continue;
      if (q.outcome !== undefined && r.meta.outcome !== q.outcome) continue;
      if (total >= q.offset && entries.length < q.limit) entries.push(r.entry);
      total++;
    }
    return { entries, total };
  }

  /** Removes everything, including entries that could not be decrypted; returns how many. */
  clear(): number {
    const n = this.records.length;
    this.restore([]);
    return n;
  }

  stored(): Record<string, unknown>[] {
    return this.records.map((r) => r.stored);
  }

  snapshot(): readonly HistoryRecord[] {
    return [...this.records];
  }

  restore(records: readonly HistoryRecord[]): void {
    this.records = [...records];
    this.ids = new Set(this.records.map((r) => r.meta.id));
  }
}
