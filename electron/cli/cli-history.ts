import type { HistoryRecord } from '../../shared/store/history-record';
import { newRecordId } from '../../shared/store/record-id';
import { nodeRandom } from '../services/node-crypto';
import { createAppStore, type AppStore } from '../services/store';
import type { Recording } from '../services/store/history/record-exchange';

/** A send's recording: the leg it is, under the command's profile and flow. */
export type RecordingFor = (leg: string) => Recording;

/**
 * Where `oauth-lab flow` and `call` record their exchanges: the history of the store they use for --save and
 * --profile (the per-user one browser mode reads, or --store-dir), which keeps nothing when the user turned
 * keepHistory off. The store is opened at the first send, so a command refused for its flags leaves no files.
 */
export function cliHistory(
  storeDir: string | undefined,
  profileId: string,
  flow: HistoryRecord['flow'],
  warn: (problem: string) => void
): RecordingFor {
  let store: AppStore | undefined;
  const history = {
    historyAdd: (input: Parameters<AppStore['historyAdd']>[0]) =>
      (store ??= createAppStore(storeDir === undefined ? {} : { cwd: storeDir })).historyAdd(input),
  };
  return (leg) => ({ history, record: { id: newRecordId(nodeRandom), profileId, flow, leg }, now: Date.now, warn });
}
