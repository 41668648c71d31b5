import type { HistoryEntry } from '../../../shared/store/history';
import type { HistoryVerdict } from '../../../shared/store/history-record';
import { BoundedTable } from '../../../shared/bounded-table';
import type { HistoryTarget } from './record-exchange';

/** Exchanges held for their leg's verdict at once: a page sends one leg at a time, a few with automatic refresh. */
const PENDING_LIMIT = 64;

/**
 * Exchanges the host sent for a page whose leg judges them (the flow driver's verdict, shared/flows/driver/): each is
 * held until `settle` brings the verdict, then written to the history once, with it. One whose verdict never comes
 * (the page was closed, or more than PENDING_LIMIT wait) is written with the host's verdict by its status when it is
 * pushed out or at `flush` (the host closing), so no exchange is lost.
 */
export class PendingVerdicts {
  private readonly held: BoundedTable<string, HistoryEntry>;

  constructor(private readonly history: HistoryTarget) {
    this.held = new BoundedTable(PENDING_LIMIT, (entry) => this.write(entry));
  }

  /** A target for sendRecorded: the entry is held rather than written. */
  readonly target: HistoryTarget = {
    historyAdd: ({ entry }) => this.held.set(entry.id, entry),
  };

  /** The leg's verdict on a held exchange: written now, once. False when none is held under that id. */
  settle(id: string, verdict: HistoryVerdict): boolean {
    const entry = this.held.get(id);
    if (!entry) return false;
    this.held.delete(id);
    this.write({ ...entry, ...verdict });
    return true;
  }

  /** Writes every exchange still held, with the host's verdict. */
  flush(): void {
    for (const entry of [...this.held.values()]) this.write(entry);
    this.held.clear();
  }

  private write(entry: HistoryEntry): void {
    try {
      this.history.historyAdd({ entry });
    } catch {
      // As sendRecorded's keep: a history that cannot be written never fails the flow.
    }
  }
}
