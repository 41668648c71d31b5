import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { BridgeFailure } from '../../../shared/bridge/result';
import { ProtocolError } from '../../../shared/errors';
import { traceSignature } from '../../../shared/oauth1';
import type { CryptoPort } from '../../../shared/ports';
import { sendRecorded, type HistoryTarget } from '../store/history/record-exchange';
import { TransportError } from '../transport';

/**
 * Sending requests and signing them in the host, where Node's TLS, proxies and RSA keys are. A send with a
 * `record` is recorded in `history` here, so the exchange crosses the bridge once.
 */
export function createTransportHandlers(
  crypto: CryptoPort,
  env: Readonly<Record<string, string | undefined>> = process.env,
  history: HistoryTarget | null = null
) {
  return {
    async httpSend({ request, options, record }: ParsedInput<'httpSend'>): Promise<MethodOutput<'httpSend'>> {
      try {
        return await sendRecorded(
          request,
          { ...options, env },
          record && history ? { history, record, now: Date.now } : null
        );
      } catch (e) {
        if (e instanceof TransportError) throw new BridgeFailure(e.code, e.message, { phase: e.phase });
        throw e;
      }
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
