import type { Exchange, RawRequest } from '../../../shared/http';
import { historyLegOf, type HistoryVerdict } from '../../../shared/store/history-record';
import { sendRecorded } from '../../store/history/record-exchange';
import { TransportError } from '../../../platform/node/transport';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/**
 * A leg's name as the CLI words its step (`failed at request token: …`): requestToken is "request token", and `par`
 * stays `par`, the name the History and --json give that leg.
 */
export const stepOfLeg = (leg: string): string => leg.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/**
 * Sends one leg's request, printing it and recording it in the history; a transport failure becomes a failure of
 * that step, in words, and Ctrl-C while it is in flight cancels it (Interrupted). The client's authentication is the
 * driver's, before this (cli-host-port.ts). `verdictOf`: the leg's own verdict, recorded with the exchange (the flow
 * driver's); the host's by the status otherwise. `leg`: the history's name of the leg (the driver's leg name).
 */
export async function sendLeg(
  step: string,
  request: RawRequest,
  options: FlowRunOptions,
  report: FlowReport,
  verdictOf?: (exchange: Exchange) => HistoryVerdict,
  leg: string = historyLegOf(step)
): Promise<Exchange> {
  report.request(request);
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
    // Which client certificate was presented (RFC 8705 §2) and which proxy carried the request, on every leg.
    const cert = exchange.tls?.clientCertificate;
    if (cert) report.line(`   client certificate: ${cert.subject}, SHA-256 ${cert.fingerprint256}`);
    if (exchange.proxy) report.line(`   via proxy ${exchange.proxy.url} (from ${exchange.proxy.source})`);
    return exchange;
  } catch (e) {
    if (e instanceof TransportError) throw new FlowFailure(step, e.message);
    throw e;
  }
}
