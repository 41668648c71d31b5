import { createStore } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import { historyMaintenanceActions } from './history-maintenance-actions';
import { createHistoryPaging, rowAt } from './history-paging';
import type { HistoryFilter, HistoryState } from './history-state';

export { rowAt };

const NO_FILTER: HistoryFilter = { profileId: '', leg: '', outcome: '' };

export type HistoryStore = ReturnType<typeof createHistoryStore>;

/** The History page's state: pages of historyList fetched on demand, the filter, the selection and the detail. */
export function createHistoryStore(deps: RendererDeps) {
  const { bridge } = deps;
  return createStore<HistoryState>()((set, get) => {
    const paging = createHistoryPaging(deps, set, get);
    const { reset } = paging;
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
      async pageOpened(filter) {
        const settings = bridge.settingsGet().then((r) => {
          if (r.ok) set({ keeping: r.value.keepHistory });
        });
        await Promise.all([
          settings,
          reset({ message: null, ...(filter ? { filter: { ...NO_FILTER, ...filter } } : {}) }),
        ]);
      },
      refreshRequested: () => reset({ message: null }),
      filterChanged: (patch) => reset({ filter: { ...get().filter, ...patch }, message: null }),
      rowsNeeded: paging.rowsNeeded,
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
      ...historyMaintenanceActions(deps, set, paging),
      harRequested: (profileId) => bridge.historyHar({ ...(profileId ? { profileId } : {}), includeSecrets: false }),
      bodyRestRequested: (id, part, offset, length) => bridge.historyBody({ id, part, offset, length }),
    };
  });
}
