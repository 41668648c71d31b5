import type { MethodOutput, ParsedInput } from '../../../shared/bridge/contract';
import { BridgeFailure } from '../../../shared/bridge/result';
import { ProtocolError } from '../../../shared/errors';
import { traceSignature } from '../../../shared/oauth1';
import type { CryptoPort } from '../../../shared/ports';
import { send, TransportError } from '../transport';

/** Sending requests and signing them in the host, where Node's TLS, proxies and RSA keys are. */
export function createTransportHandlers(crypto: CryptoPort, env: Readonly<Record<string, string | undefined>> = process.env) {
  return {
    async httpSend({ request, options }: ParsedInput<'httpSend'>): Promise<MethodOutput<'httpSend'>> {
      try {
        return await send(request, { ...options, env });
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
