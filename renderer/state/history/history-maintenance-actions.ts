import { HISTORY_MAX_MB } from '../../../shared/store/history';
import type { RendererDeps } from '../../app/deps';
import { count } from '../../features/history/format';
import type { HistoryPaging } from './history-paging';
import type { HistoryState } from './history-state';
import type { StoreApi } from 'zustand/vanilla';

type MaintenanceActions = Pick<HistoryState, 'clearRequested' | 'clearCancelled' | 'clearConfirmed' | 'boundEntered'>;

/** The History store's upkeep: clearing the whole history (after the user confirms) and its size bound. */
export function historyMaintenanceActions(
  { bridge }: RendererDeps,
  set: StoreApi<HistoryState>['setState'],
  { reset }: HistoryPaging
): MaintenanceActions {
  return {
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
  };
}
