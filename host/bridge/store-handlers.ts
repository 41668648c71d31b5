import type { BridgeHandlers, EventSink } from '../../shared/bridge/api';
import { historyEntryOf, redirectExchange, type HistoryVerdict } from '../../shared/store/history-record';
import type { StoreMethodName } from '../store/app-store';
import type { BridgeStore } from './bridge-store';

/**
 * The store's bridge methods. `verdictGiven` hands a verdict to an exchange the transport holds for it (see
 * transport-handlers.ts); it says false when none is held.
 */
export function createStoreHandlers(
  store: BridgeStore,
  verdictGiven: (id: string, verdict: HistoryVerdict) => boolean,
  events: EventSink
): Pick<BridgeHandlers, StoreMethodName | 'historyRedirect'> {
  return {
    profilesList: (i) => store.profilesList(i),
    profileSave: (i) => store.profileSave(i),
    profileDelete: (i) => store.profileDelete(i),
    profilesExport: (i) => store.profilesExport(i),
    profilesImport: (i) => store.profilesImport(i),
    tokensList: (i) => store.tokensList(i),
    tokenSave: (i) => store.tokenSave(i),
    tokenDelete: (i) => store.tokenDelete(i),
    historyList: (i) => store.historyList(i),
    historyBody: (i) => store.historyBody(i),
    // A verdict for an exchange held for it writes it once; otherwise it rewrites one already recorded.
    historyAnnotate: (i) =>
      verdictGiven(i.id, { outcome: i.outcome, summary: i.summary }) ? { annotated: true } : store.historyAnnotate(i),
    // The authorization leg: written once, with its verdict (the page judged the redirect, nothing was sent).
    historyRedirect: ({ record, outcome, summary, ...seen }) => {
      const at = Math.max(Date.now(), seen.openedAt);
      store.historyAdd({ entry: historyEntryOf(record, redirectExchange(seen, at), at, { outcome, summary }) });
      return { id: record.id };
    },
    historyClear: (i) => store.historyClear(i),
    historyImport: (i) =>
      store.historyImport(i, (done, total) =>
        events.emit('historyImportProgress', { fileName: i.fileName, done, total })
      ),
    settingsGet: (i) => store.settingsGet(i),
    settingsUpdate: (i) => store.settingsUpdate(i),
  };
}
