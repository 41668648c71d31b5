import type { BridgeHandlers } from '../../shared/bridge/api';
import type { HistoryEntry } from '../../shared/store/history';
import type { StoreMethodName } from '../store/app-store';
import type { HistoryMethods } from '../store/history/history-methods';
import type { HistoryTarget } from '../store/history/record-exchange';

/** The store as the bridge needs it: its methods, what the UI should say about it, where sends are recorded, and whole history entries for exports. */
export type BridgeStore = Pick<BridgeHandlers, Exclude<StoreMethodName, 'historyImport'>> &
  HistoryTarget & {
    /** Explains on a worker thread; `onProgress` hears how many legs are explained. */
    readonly historyImport: HistoryMethods['historyImport'];
    readonly secretStorage: 'encrypted' | 'file';
    readonly notices: readonly string[];
    readonly path?: string;
    historyFull(id: string): HistoryEntry | undefined;
    close?(): void | Promise<void>;
  };
