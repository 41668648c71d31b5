import type { RawRequest } from '../../../shared/http';
import type { HistoryEntry } from '../../../shared/store/history';
import {
  exchangeVerdict,
  historyEntryOf,
  unansweredExchange,
  type HistoryRecord,
  type HistoryVerdict,
} from '../../../shared/store/history-record';
import { send, TransportError, type SendOptions, type TransportExchange } from '../../../platform/node/transport';

/** Where exchanges are recorded: the store's history, which keeps nothing when the user turned keepHistory off. */
export interface HistoryTarget {
  historyAdd(input: { entry: HistoryEntry }): unknown;
}

/** Recording one send: the history, whose exchange it is, the clock, and who hears when it cannot be saved. */
export interface Recording {
  readonly history: HistoryTarget;
  readonly record: HistoryRecord;
  readonly now: () => number;
  /** A history that cannot be written never fails the send; this hears why (the app ignores it, the CLI prints it). */
  readonly warn?: (problem: string) => void;
  /** The leg's own verdict on an answered exchange (the flow driver's); absent: the host's, by the status. */
  readonly verdictOf?: (exchange: TransportExchange) => HistoryVerdict;
  /** Where an answered exchange goes instead of the history: held for a verdict that follows (pending-verdicts.ts). */
  readonly held?: HistoryTarget;
}

/**
 * Sends a request and records the exchange in the history, once, where it was sent: the bridge's httpSend and the
 * CLI's `flow` and `call` all send through here. A request that left but got no answer (DNS, connection, TLS,
 * timeout) is recorded too; one refused before it was sent (an invalid header) is not, since nothing went out.
 */
export async function sendRecorded(
  request: RawRequest,
  options: SendOptions,
  recording: Recording | null
): Promise<TransportExchange> {
  const startedAt = recording?.now() ?? 0;
  try {
    const exchange = await send(request, options);
    if (recording)
      keep(
        recording,
        historyEntryOf(recording.record, exchange, recording.now(), verdictOn(recording, exchange)),
        recording.held
      );
    return exchange;
  } catch (e) {
    if (recording && e instanceof TransportError && e.phase !== 'prepare') {
      const unanswered = unansweredExchange(e.request, startedAt, recording.now() - startedAt);
      keep(
        recording,
        historyEntryOf(recording.record, unanswered, recording.now(), exchangeVerdict(unanswered, e.message))
      );
    }
    throw e;
  }
}

/** The leg's verdict; the host's when the leg gives none or cannot judge (the exchange is recorded all the same). */
function verdictOn(recording: Recording, exchange: TransportExchange): HistoryVerdict {
  try {
    return recording.verdictOf?.(exchange) ?? exchangeVerdict(exchange);
  } catch {
    return exchangeVerdict(exchange);
  }
}

function keep(recording: Recording, entry: HistoryEntry, target: HistoryTarget = recording.history): void {
  try {
    target.historyAdd({ entry });
  } catch (e) {
    recording.warn?.(`the exchange was not saved to the history: ${e instanceof Error ? e.message : String(e)}`);
  }
}
