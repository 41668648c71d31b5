import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import {
  HISTORY_MAX_MB,
  type BodyPart,
  type HistoryListedEntry,
  type HistoryQuery,
  type HistoryUsage,
} from '../../../shared/store/history';
import type { RendererDeps } from '../../app/deps';
import { count } from './format';

/** Entries fetched per historyList call (the contract allows up to 500). */
const PAGE_SIZE = 100;

export type OutcomeFilter = '' | 'succeeded' | 'failed';

/** '' means "all" for each field. */
export interface HistoryFilter {
  readonly profileId: string;
  readonly leg: string;
  readonly outcome: OutcomeFilter;
}

const NO_FILTER: HistoryFilter = { profileId: '', leg: '', outcome: '' };

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
  pageOpened(): Promise<void>;
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

export type HistoryStore = ReturnType<typeof createHistoryStore>;

export function rowAt(pages: HistoryState['pages'], index: number): HistoryListedEntry | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}

function query(filter: HistoryFilter, page: number, limit = PAGE_SIZE): HistoryQuery {
  return {
    ...(filter.profileId ? { profileId: filter.profileId } : {}),
    ...(filter.leg ? { leg: filter.leg } : {}),
    ...(filter.outcome ? { outcome: filter.outcome } : {}),
    offset: page * PAGE_SIZE,
    limit,
  };
}

const filtered = (f: HistoryFilter) => f.profileId !== '' || f.leg !== '' || f.outcome !== '';

/** The History page's state: pages of historyList fetched on demand, the filter, the selection and the detail. */
export function createHistoryStore({ bridge }: RendererDeps) {
  return createStore<HistoryState>()((set, get) => {
    /** How many rows the list showed last, so a reset fetches what the first screen needs. */
    let lastSpan = PAGE_SIZE;

    const addLegs = (entries: readonly HistoryListedEntry[]) => {
      const seen = get().legsSeen;
      const fresh = [...new Set(entries.map((e) => e.leg))].filter((l) => !seen.includes(l));
      return fresh.length > 0 ? [...seen, ...fresh].sort() : seen;
    };

    const fetchPage = async (page: number, generation: number) => {
      set({ pending: new Set([...get().pending, page]) });
      const r = await bridge.historyList(query(get().filter, page));
      if (get().generation !== generation) return;
      const pending = new Set(get().pending);
      pending.delete(page);
      if (!r.ok) {
        // A failed first answer leaves no rows of another filter on screen; scrolling or Refresh asks again.
        set(
          get().stale
            ? { pending, error: r.error.message, stale: false, pages: {}, total: null }
            : { pending, error: r.error.message }
        );
        return;
      }
      const first = get().stale;
      const pages = first ? { [page]: r.value.entries } : { ...get().pages, [page]: r.value.entries };
      const total = r.value.total;
      set({
        pending,
        pages,
        total,
        stale: false,
        error: null,
        usage: r.value.usage,
        legsSeen: addLegs(r.value.entries),
        ...(filtered(get().filter) ? {} : { everything: total }),
      });
      const wanted = get().openWanted;
      if (wanted !== null) {
        const entry = rowAt(pages, wanted);
        if (entry) set({ open: entry, openWanted: null });
      }
    };

    const reset = async (patch: Partial<HistoryState>) => {
      const generation = get().generation + 1;
      set({
        ...patch,
        generation,
        pending: new Set(),
        stale: true,
        selected: null,
        openWanted: null,
        confirmingClear: false,
      });
      const lastPage = Math.floor(Math.max(0, lastSpan - 1) / PAGE_SIZE);
      const loads: Promise<void>[] = [];
      for (let p = 0; p <= lastPage; p++) loads.push(fetchPage(p, generation));
      if (filtered(get().filter)) {
        loads.push(
          bridge.historyList({ offset: 0, limit: 1 }).then((r) => {
            if (r.ok && get().generation === generation) set({ everything: r.value.total });
          })
        );
      }
      await Promise.all(loads);
    };

    return {
      filter: NO_FILTER,
      total: null,
      everything: null,
      pages: {},
      pending: new Set(),
      stale: true,
      generation: 0,
      selected: null,
      open: null,
      openWanted: null,
      legsSeen: [],
      confirmingClear: false,
      error: null,
      message: null,
      keeping: true,
      usage: null,
      async pageOpened() {
        const settings = bridge.settingsGet().then((r) => {
          if (r.ok) set({ keeping: r.value.keepHistory });
        });
        await Promise.all([settings, reset({ message: null })]);
      },
      refreshRequested: () => reset({ message: null }),
      filterChanged: (patch) => reset({ filter: { ...get().filter, ...patch }, message: null }),
      async rowsNeeded(first, last) {
        lastSpan = Math.max(1, last - first + 1);
        const { total, pages, pending, generation, stale } = get();
        if (stale) return; // the reset in flight fetches the first screen
        const end = total === null ? last : Math.min(last, total - 1);
        const loads: Promise<void>[] = [];
        for (let p = Math.floor(Math.max(0, first) / PAGE_SIZE); p <= Math.floor(end / PAGE_SIZE) && end >= 0; p++) {
          if (!pages[p] && !pending.has(p)) loads.push(fetchPage(p, generation));
        }
        await Promise.all(loads);
      },
      selectionMoved(index) {
        const total = get().total ?? 0;
        if (total === 0) return;
        set({ selected: Math.min(Math.max(0, index), total - 1) });
      },
      entryOpened(index) {
        const entry = rowAt(get().pages, index);
        set(entry ? { selected: index, open: entry, openWanted: null } : { selected: index, openWanted: index });
      },
      detailClosed: () => set({ open: null, openWanted: null }),
      clearRequested: () => set({ confirmingClear: true, message: null }),
      clearCancelled: () => set({ confirmingClear: false }),
      async clearConfirmed() {
        const r = await bridge.historyClear();
        if (!r.ok) {
          set({ confirmingClear: false, error: r.error.message });
          return;
        }
        const n = r.value.cleared;
        await reset({
          open: null,
          pages: {},
          total: 0,
          everything: 0,
          message: `History cleared: ${count(n, 'exchange', 'exchanges')} deleted.`,
        });
      },
      async boundEntered(text) {
        const mb = Number(text.trim());
        if (text.trim() === '' || !Number.isInteger(mb) || mb < HISTORY_MAX_MB.min || mb > HISTORY_MAX_MB.max) {
          set({
            message: `The history size must be a whole number of MiB from ${HISTORY_MAX_MB.min} to ${HISTORY_MAX_MB.max.toLocaleString('en-US')}; "${text}" is not.`,
          });
          return;
        }
        const r = await bridge.settingsUpdate({ historyMaxMB: mb });
        if (!r.ok) {
          set({ error: r.error.message });
          return;
        }
        // The oldest exchanges beyond a lower bound are gone: the list and the usage are read again.
        await reset({ message: `History size set to ${mb.toLocaleString('en-US')} MiB.` });
      },
      harRequested: (profileId) => bridge.historyHar({ ...(profileId ? { profileId } : {}), includeSecrets: false }),
      bodyRestRequested: (id, part, offset, length) => bridge.historyBody({ id, part, offset, length }),
    };
  });
}
