import type { BridgeApi } from '../../shared/bridge/api';
import type { MethodInput, MethodOutput } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import type { HistoryRecord } from '../../shared/store/history-record';

type SendInput = MethodInput<'httpSend'> & { readonly record: HistoryRecord };

/**
 * A flow page's sends in flight, so that *Start over* stops them rather than waiting out their time limit: each
 * send goes out with a sendId (its history record's id), `cancelAll` aborts them in the host (httpCancel closes the
 * connection) and opens a new attempt, and a leg drops an answer that arrives for an attempt that is over.
 */
export function flowSends(bridge: Pick<BridgeApi, 'httpSend' | 'httpCancel'>) {
  let attempt = 0;
  const inFlight = new Set<string>();
  return {
    /** bridge.httpSend, cancellable by cancelAll. */
    async httpSend(input: SendInput): Promise<BridgeResult<MethodOutput<'httpSend'>>> {
      const sendId = input.record.id;
      inFlight.add(sendId);
      try {
        return await bridge.httpSend({ ...input, sendId });
      } finally {
        inFlight.delete(sendId);
      }
    },
    /** The attempt a leg starts in; an answer is the page's only while `isCurrent` says so. */
    attempt: () => attempt,
    isCurrent: (started: number) => started === attempt,
    /** Start over: every send in flight is aborted and its answer, when it comes, belongs to no attempt. */
    cancelAll(): void {
      attempt += 1;
      for (const sendId of inFlight) void bridge.httpCancel({ sendId });
    },
  };
}

export type FlowSends = ReturnType<typeof flowSends>;
