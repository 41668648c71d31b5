import type { Exchange, RawRequest } from '../../../shared/http';
import { historyLegOf } from '../../../shared/store/history-record';
import { sendRecorded } from '../../services/store/history/record-exchange';
import { TransportError } from '../../services/transport';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * Sends one leg's request, printing it and recording it in the history; a transport failure becomes a failure of
 * that step, in words, and Ctrl-C while it is in flight cancels it (Interrupted).
 */
export async function sendLeg(
  step: string,
  request: RawRequest,
  options: FlowRunOptions,
  report: FlowReport
): Promise<Exchange> {
  report.request(request);
  const leg = historyLegOf(step);
  try {
    const exchange = await interruptible(`the ${step} request (${request.method} ${request.url})`, (signal) =>
      sendRecorded(request, { ...options.send, signal }, options.recording?.(leg) ?? null)
    );
    report.response(exchange);
    if (exchange.tls?.warning) report.line(`WARNING: ${exchange.tls.warning}`);
    return exchange;
  } catch (e) {
    if (e instanceof TransportError) throw new FlowFailure(step, e.message);
    throw e;
  }
}
