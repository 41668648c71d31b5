import type { Exchange, RawRequest } from '../../../shared/http';
import type { HistoryVerdict } from '../../../shared/store/history-record';
import { sendRecorded } from '../../services/store/history/record-exchange';
import { TransportError } from '../../services/transport';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * Sends one leg's request, printing it and recording it in the history; a transport failure becomes a failure of
 * that step, in words, and Ctrl-C while it is in flight cancels it (Interrupted). `verdictOf`: the leg's own
 * verdict, recorded with the exchange (the flow driver's); the host's by the status otherwise.
 */
export async function sendLeg(
  step: string,
  request: RawRequest,
  options: FlowRunOptions,
  report: FlowReport,
  verdictOf?: (exchange: Exchange) => HistoryVerdict
): Promise<Exchange> {
  report.request(request);
  // The history names legs as the app does: "request token" is requestToken.
  const leg = step.replace(/ ([a-z])/g, (_, c: string) => c.toUpperCase());
  const recording = options.recording?.(leg) ?? null;
  try {
    const exchange = await interruptible(`the ${step} request (${request.method} ${request.url})`, (signal) =>
      sendRecorded(
        request,
        { ...options.send, signal },
        recording && verdictOf ? { ...recording, verdictOf } : recording
      )
    );
    report.response(exchange);
    if (exchange.tls?.warning) report.line(`WARNING: ${exchange.tls.warning}`);
    return exchange;
  } catch (e) {
    if (e instanceof TransportError) throw new FlowFailure(step, e.message);
    throw e;
  }
}
