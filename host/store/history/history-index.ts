import type { HistoryMeta } from './history-codec';

/** One entry as the index knows it: its metadata and where its line is. */
export interface Indexed {
  readonly meta: HistoryMeta;
  readonly segment: number;
  readonly offset: number;
  readonly length: number;
  readonly readable: boolean;
}

/**
 * The history's entries in memory, oldest first (by `at`; among equal times in the order added), so lines read in
 * the order they were appended go to the end: building it is linear in the entries, not quadratic (a list kept
 * newest first took a shift of the whole array per line, 16 s for 150,000 entries). Lists walk it backwards.
 * An entry replaced by a later line with its id stays in the array, superseded (`byId` names the current one),
 * until its segment goes: taking it out of the middle would cost a pass over the array per replacement.
 */
export class HistoryIndex {
  private entries: Indexed[] = [];
  private readonly byId = new Map<string, Indexed>();
  private superseded = 0;

  /** Entries listed (superseded copies not counted; unreadable ones are). */
  get size(): number {
    return this.entries.length - this.superseded;
  }

  /** After the last entry not newer than `e`: the end of the array for lines read in the order they were added. */
  add(e: Indexed): void {
    if (this.byId.has(e.meta.id)) this.superseded++;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.meta.at <= e.meta.at) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.entries.length) this.entries.push(e);
    else this.entries.splice(lo, 0, e);
    this.byId.set(e.meta.id, e);
  }

  /** The current entry with this id. */
  get(id: string): Indexed | undefined {
    return this.byId.get(id);
  }

  private isCurrent = (e: Indexed) => this.byId.get(e.meta.id) === e;

  /** Current entries, newest first (among equal times the one added last first). */
  *newestFirst(): Generator<Indexed> {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (this.isCurrent(e)) yield e;
    }
  }

  /** Forgets a removed segment's entries; an older copy of one of them elsewhere stays superseded, not listed. */
  dropSegment(n: number): void {
    const kept: Indexed[] = [];
    for (const e of this.entries) {
      if (e.segment !== n) kept.push(e);
      else if (this.isCurrent(e)) this.byId.delete(e.meta.id);
    }
    this.entries = kept;
    this.superseded = kept.reduce((count, e) => count + (this.isCurrent(e) ? 0 : 1), 0);
  }

  clear(): void {
    this.entries = [];
    this.byId.clear();
    this.superseded = 0;
  }
}
