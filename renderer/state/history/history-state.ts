import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { BodyPart, HistoryListedEntry, HistoryUsage } from '../../../shared/store/history';

export type OutcomeFilter = '' | 'succeeded' | 'failed';

/** '' means "all" for each field. */
export interface HistoryFilter {
  readonly profileId: string;
  readonly leg: string;
  readonly outcome: OutcomeFilter;
}

export interface HistoryState {
  readonly filter: HistoryFilter;
  /** Entries matching the filter, as the store last said; null until the first page arrives. */
  readonly total: number | null;
  /** Entries in the whole history (shown beside a filtered count). */
  readonly everything: number | null;
  /** Loaded pages by page number; row i is pages[i / PAGE_SIZE][i % PAGE_SIZE]. */
  readonly pages: Readonly<Record<number, readonly HistoryListedEntry[]>>;
  /** Pages asked for and not answered yet (of the current generation). */
  readonly pending: ReadonlySet<number>;
  /** True from a refresh or filter change until its first answer: the rows shown are the previous ones. */
  readonly stale: boolean;
  /** Bumped by every refresh and filter change; answers of older generations are dropped. */
  readonly generation: number;
  /** The row the keyboard selection is on. */
  readonly selected: number | null;
  /** The entry in the detail view (kept across refreshes). */
  readonly open: HistoryListedEntry | null;
  /** A row asked to be opened before its page arrived. */
  readonly openWanted: number | null;
  /** Legs seen in loaded entries, for the leg filter (beside the known ones). */
  readonly legsSeen: readonly string[];
  readonly confirmingClear: boolean;
  readonly error: string | null;
  readonly message: string | null;
  /** False when the keepHistory setting is off (nothing new is recorded). */
  readonly keeping: boolean;
  /** How much the history holds on disk and its bound, as the store last said. */
  readonly usage: HistoryUsage | null;
  /** Loads the first page: with the filter given (another page's focus), else the one the user left. */
  pageOpened(filter?: Partial<HistoryFilter>): Promise<void>;
  refreshRequested(): Promise<void>;
  filterChanged(patch: Partial<HistoryFilter>): Promise<void>;
  /** The list shows rows first..last (inclusive, overscan included): fetch the pages they need. */
  rowsNeeded(first: number, last: number): Promise<void>;
  selectionMoved(index: number): void;
  entryOpened(index: number): void;
  detailClosed(): void;
  clearRequested(): void;
  clearCancelled(): void;
  clearConfirmed(): Promise<void>;
  /** The user set the size bound (MiB, as typed): saved in the settings, the oldest removed beyond it. */
  boundEntered(text: string): Promise<void>;
  /** The whole history, or one profile's, as HAR 1.2 with the secrets left out. */
  harRequested(profileId: string | undefined): Promise<BridgeResult<MethodOutput<'historyHar'>>>;
  /** More of a body the list gave only the start of: `length` characters from `offset`. */
  bodyRestRequested(
    id: string,
    part: BodyPart,
    offset: number,
    length: number
  ): Promise<BridgeResult<MethodOutput<'historyBody'>>>;
}
