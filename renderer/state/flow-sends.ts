import type { BridgeApi } from '../../shared/bridge/api';
import type { MethodInput, MethodOutput } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import type { HistoryRecord } from '../../shared/store/history-record';

type SendInput = MethodInput<'httpSend'> & { readonly record: HistoryRecord };

/** Why a wait or a send of an attempt that is over does not go on. */
const STOPPED = 'Stopped by Start over.';

/**
 * A flow page's sends in flight and its waits between polls, so that *Start over* stops them at once rather than
 * waiting out their time limit or interval: each send goes out with a sendId (its history record's id), `cancelAll`
 * aborts them in the host (httpCancel closes the connection), ends every wait, and opens a new attempt; a leg drops
 * an answer that arrives for an attempt that is over.
 */
export function flowSends(bridge: Pick<BridgeApi, 'httpSend' | 'httpCancel'>) {
  let attempt = 0;
  const inFlight = new Set<string>();
  const waits = new Set<{ timer: ReturnType<typeof setTimeout>; stop: () => void }>();
  const ensureCurrent = (started: number): void => {
    if (started !== attempt) throw new Error(STOPPED);
  };
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
    /** Throws when attempt `started` is over: nothing more goes out for it. */
    ensureCurrent,
    /**
     * Waits `ms` for attempt `started` (RFC 8628 §3.5's polling interval); rejects at once when that attempt is or
     * becomes over, so no poll follows a Start over.
     */
    async sleep(ms: number, started: number): Promise<void> {
      ensureCurrent(started);
      return new Promise((resolve, reject) => {
        const wait = {
          timer: setTimeout(() => (waits.delete(wait), resolve()), ms),
          stop: () => reject(new Error(STOPPED)),
        };
        waits.add(wait);
      });
    },
    /** Start over: every send in flight is aborted, every wait ended, and an answer, when it comes, belongs to no attempt. */
    cancelAll(): void {
      attempt += 1;
      for (const sendId of inFlight) void bridge.httpCancel({ sendId });
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.stop();
      }
      waits.clear();
    },
  };
}

export type FlowSends = ReturnType<typeof flowSends>;
