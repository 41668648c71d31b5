// The History import's explanation on a thread of its own (har-import-thread.ts starts it): a 40,000-entry HAR
// takes seconds to explain, and on the host's main thread every other bridge request waited for it. Its own entry
// in each build (vite.cli.config.ts, vite.main.config.ts), built beside the host's entry.
import { parentPort, workerData } from 'node:worker_threads';
import { BridgeFailure } from '../../../shared/bridge/result';
import { harHistoryEntries } from './history-import';
import type { HarImportJob, HarImportMessage } from './har-import-thread';

const post = (message: HarImportMessage) => parentPort!.postMessage(message);
const { fileName, har, batch } = workerData as HarImportJob;
let n = 0;
try {
  const result = harHistoryEntries(
    fileName,
    har,
    () => `har-${batch}-${n++}`,
    (done, total) => post({ progress: { done, total } })
  );
  post({ result });
} catch (e) {
  post({
    failure:
      e instanceof BridgeFailure
        ? { code: e.code, message: e.message }
        : { code: null, message: e instanceof Error ? e.message : String(e) },
  });
}
