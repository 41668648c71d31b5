import type { BridgeHandlers } from '../../shared/bridge/api';
import type { HistoryEntry } from '../../shared/store/history';
import type { StoreMethodName } from '../store/app-store';
import type { HistoryTarget } from '../store/history/record-exchange';

/** The store as the bridge needs it: its methods, what the UI should say about it, where sends are recorded, and whole history entries for exports. */
export type BridgeStore = Pick<BridgeHandlers, StoreMethodName> &
  HistoryTarget & {
    readonly secretStorage: 'encrypted' | 'file';
    readonly notices: readonly string[];
    readonly path?: string;
    historyFull(id: string): HistoryEntry | undefined;
    close?(): void | Promise<void>;
  };
