import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import { ProtocolError } from '../../shared/errors';
import { traceSignature } from '../../shared/oauth1';
import type { CryptoPort } from '../../shared/ports';
import type { HistoryVerdict } from '../../shared/store/history-record';
import { PendingVerdicts } from '../store/history/pending-verdicts';
import { sendRecorded, type HistoryTarget } from '../store/history/record-exchange';
import { TransportError } from '../../platform/node/transport';

/**
 * Sending requests and signing them in the host, where Node's TLS, proxies and RSA keys are. A send with a
 * `record` is recorded in `history` here, so the exchange crosses the bridge once; with `verdictFollows` it is held
 * until the leg's verdict comes (verdictGiven) and written once, with it. A send with a `sendId` can be
 * aborted by httpCancel: neither IPC's invoke nor a fetch the host answers carries a cancellation of its own, so the
 * page names its send and cancels it by that name (as VS Code's IPC channels send a cancel message by request id).
 */
export function createTransportHandlers(
  crypto: CryptoPort,
  env: Readonly<Record<string, string | undefined>> = process.env,
  history: HistoryTarget | null = null
) {
  const inFlight = new Map<string, AbortController>();
  const pending = history ? new PendingVerdicts(history) : null;
  return {
    async httpSend({
      request,
      options,
      record,
      verdictFollows,
      sendId,
    }: ParsedInput<'httpSend'>): Promise<MethodOutput<'httpSend'>> {
      if (sendId !== undefined && inFlight.has(sendId))
        throw new BridgeFailure(
          CONTRACT_ERROR.INVALID_INPUT,
          `httpSend: the sendId ${JSON.stringify(sendId)} names a send still in flight; give each send its own sendId.`
        );
      const abort = sendId === undefined ? null : new AbortController();
      if (abort) inFlight.set(sendId!, abort);
      try {
        return await sendRecorded(
          request,
          { ...options, env, ...(abort ? { signal: abort.signal } : {}) },
          record && history
            ? { history, record, now: Date.now, ...(verdictFollows && pending ? { held: pending.target } : {}) }
            : null
        );
      } catch (e) {
        if (e instanceof TransportError) throw new BridgeFailure(e.code, e.message, { phase: e.phase });
        throw e;
      } finally {
        if (abort) inFlight.delete(sendId!);
      }
    },
    /** A leg's verdict on an exchange held for it (`verdictFollows`): written now, once; false when none is held. */
    verdictGiven: (id: string, verdict: HistoryVerdict): boolean => pending?.settle(id, verdict) ?? false,
    /** The host is closing: exchanges whose verdict never came are written with the host's. */
    flushHeld: (): void => pending?.flush(),
    httpCancel({ sendId }: ParsedInput<'httpCancel'>): MethodOutput<'httpCancel'> {
      const abort = inFlight.get(sendId);
      abort?.abort();
      return { cancelled: abort !== undefined };
    },
    oauth1Trace(input: ParsedInput<'oauth1Trace'>): MethodOutput<'oauth1Trace'> {
      try {
        return traceSignature(input, crypto);
      } catch (e) {
        if (e instanceof ProtocolError) throw new BridgeFailure(e.code, e.message, { step: e.step });
        throw e;
      }
    },
  };
}
