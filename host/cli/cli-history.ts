import type { HistoryRecord, HistoryVerdict } from '../../shared/store/history-record';
import { newRecordId } from '../../shared/store/record-id';
import { nodeRandom } from '../../platform/node/node-crypto';
import { createAppStore, type AppStore } from '../store';
import type { Recording } from '../store/history/record-exchange';

/** A send's recording: the leg it is, under the command's profile and flow. */
export type RecordingFor = (leg: string) => Recording;

/** The command's recordings, and the leg's own verdict on an entry recorded (its checks judge more than the status). */
export type CliHistory = RecordingFor & { annotate(id: string, verdict: HistoryVerdict): void };

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
): CliHistory {
  let store: AppStore | undefined;
  const opened = () => (store ??= createAppStore(storeDir === undefined ? {} : { cwd: storeDir }));
  const history = { historyAdd: (input: Parameters<AppStore['historyAdd']>[0]) => opened().historyAdd(input) };
  const recordingFor: RecordingFor = (leg) => ({
    history,
    record: { id: newRecordId(nodeRandom), profileId, flow, leg },
    now: Date.now,
    warn,
  });
  return Object.assign(recordingFor, {
    annotate(id: string, verdict: HistoryVerdict) {
      try {
        opened().historyAnnotate({ id, ...verdict });
      } catch (e) {
        warn(`the leg's verdict was not saved to the history: ${(e as Error).message}`);
      }
    },
  });
}
