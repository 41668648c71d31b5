import type { Exchange, RawRequest } from '../../../shared/http';
import { send, TransportError } from '../../services/transport';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** Sends one leg's request, printing it; a transport failure becomes a failure of that step, in words. */
export async function sendLeg(step: string, request: RawRequest, options: FlowRunOptions, report: FlowReport): Promise<Exchange> {
  report.request(request);
  try {
    const exchange = await send(request, options.send);
    report.response(exchange);
    if (exchange.tls?.warning) report.line(`WARNING: ${exchange.tls.warning}`);
    return exchange;
  } catch (e) {
    if (e instanceof TransportError) throw new FlowFailure(step, e.message);
    throw e;
  }
}
