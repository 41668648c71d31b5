import { createTransportHandlers } from '../../../../host/bridge/transport-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { tempDir, openStore } from '../../host/store/helpers';

/**
 * The host's side of the history for a page under test: httpSend over real sockets recording into a real store in
 * a fresh directory, and historyAnnotate as the app's services answer it. `legs(ids)` reads back the entries in the order given.
 */
export function hostHistory() {
  const store = openStore(tempDir());
  const { httpSend, verdictGiven } = createTransportHandlers(nodeCrypto, {}, store);
  return {
    httpSend,
    // As app-services.ts: a verdict for an exchange held for it (verdictFollows) writes it once.
    historyAnnotate: (input: Parameters<typeof store.historyAnnotate>[0]) =>
      verdictGiven(input.id, { outcome: input.outcome, summary: input.summary })
        ? { annotated: true }
        : store.historyAnnotate(input),
    /** Each id's entry as "leg outcome" ("missing" when the history does not hold it). */
    legs: (ids: readonly string[]) =>
      ids.map((id) => store.historyFull(id)).map((e) => (e ? `${e.leg} ${e.outcome}` : 'missing')),
    entry: (id: string) => store.historyFull(id),
  };
}

/** The history ids of the recorded sends among a fake bridge's calls, in the order they were sent. */
export const recordIds = (calls: readonly [string, unknown][]) =>
  calls.flatMap(([m, input]) =>
    m === 'httpSend' && (input as { record?: { id: string } }).record
      ? [(input as { record: { id: string } }).record.id]
      : []
  );

/** A bridge's httpSend and historyAnnotate over the real host handlers and a fresh history store. */
export function recordingHost() {
  const { httpSend, historyAnnotate } = hostHistory();
  return { httpSend, historyAnnotate };
}
