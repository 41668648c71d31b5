import type { StoreApi } from 'zustand/vanilla';
import type { HistoryListedEntry, HistoryQuery } from '../../../shared/store/history';
import type { RendererDeps } from '../../app/deps';
import type { HistoryFilter, HistoryState } from './history-state';

/** Entries fetched per historyList call (the contract allows up to 500). */
const PAGE_SIZE = 100;

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

/** The legs seen so far with those of newly loaded entries, for the leg filter. */
function withLegs(seen: readonly string[], entries: readonly HistoryListedEntry[]): readonly string[] {
  const fresh = [...new Set(entries.map((e) => e.leg))].filter((l) => !seen.includes(l));
  return fresh.length > 0 ? [...seen, ...fresh].sort() : seen;
}

interface StoreAccess {
  readonly bridge: RendererDeps['bridge'];
  readonly set: StoreApi<HistoryState>['setState'];
  readonly get: StoreApi<HistoryState>['getState'];
}

/** Fetches one page of the list; its answer is dropped when a reset started another generation meanwhile. */
async function fetchPage({ bridge, set, get }: StoreAccess, page: number, generation: number) {
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
    legsSeen: withLegs(get().legsSeen, r.value.entries),
    ...(filtered(get().filter) ? {} : { everything: total }),
  });
  const wanted = get().openWanted;
  if (wanted !== null) {
    const entry = rowAt(pages, wanted);
    if (entry) set({ open: entry, openWanted: null });
  }
}

/**
 * The History list's paging: pages of historyList fetched on demand, each answer dropped unless of the current
 * generation; a reset (refresh, filter change) starts a new generation and fetches the first screen again.
 */
export function createHistoryPaging(
  { bridge }: RendererDeps,
  set: StoreApi<HistoryState>['setState'],
  get: StoreApi<HistoryState>['getState']
) {
  const access: StoreAccess = { bridge, set, get };
  /** How many rows the list showed last, so a reset fetches what the first screen needs. */
  let lastSpan = PAGE_SIZE;

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
    for (let p = 0; p <= lastPage; p++) loads.push(fetchPage(access, p, generation));
    if (filtered(get().filter)) {
      loads.push(
        bridge.historyList({ offset: 0, limit: 1 }).then((r) => {
          if (r.ok && get().generation === generation) set({ everything: r.value.total });
        })
      );
    }
    await Promise.all(loads);
  };

  /** The list shows rows first..last (inclusive, overscan included): fetch the pages they need. */
  const rowsNeeded = async (first: number, last: number) => {
    lastSpan = Math.max(1, last - first + 1);
    const { total, pages, pending, generation, stale } = get();
    if (stale) return; // the reset in flight fetches the first screen
    const end = total === null ? last : Math.min(last, total - 1);
    const loads: Promise<void>[] = [];
    for (let p = Math.floor(Math.max(0, first) / PAGE_SIZE); p <= Math.floor(end / PAGE_SIZE) && end >= 0; p++) {
      if (!pages[p] && !pending.has(p)) loads.push(fetchPage(access, p, generation));
    }
    await Promise.all(loads);
  };
  return { reset, rowsNeeded };
}

export type HistoryPaging = ReturnType<typeof createHistoryPaging>;
