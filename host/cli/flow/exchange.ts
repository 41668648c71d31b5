import { ProtocolError } from '../../../shared/errors';
import type { Exchange, RawRequest } from '../../../shared/http';
import { withClientAssertion } from '../../../shared/oauth2/client-assertion-request';
import { joseSigner } from '../../../platform/jose';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { historyLegOf, type HistoryVerdict } from '../../../shared/store/history-record';
import { sendRecorded } from '../../store/history/record-exchange';
import { TransportError } from '../../../platform/node/transport';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** A leg's name as the CLI words its step (`failed at request token: …`): requestToken is "request token". */
export const stepOfLeg = (leg: string): string => leg.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/**
 * Sends one leg's request, printing it and recording it in the history; a transport failure becomes a failure of
 * that step, in words, and Ctrl-C while it is in flight cancels it (Interrupted). A request that asks for a client
 * assertion gets one signed now, its trace printed. `verdictOf`: the leg's own verdict, recorded with the exchange
 * (the flow driver's); the host's by the status otherwise.
 */
export async function sendLeg(
  step: string,
  unsigned: RawRequest,
  options: FlowRunOptions,
  report: FlowReport,
  verdictOf?: (exchange: Exchange) => HistoryVerdict
): Promise<Exchange> {
  const request = await assertionSigned(step, unsigned, options, report);
  report.request(request);
  const leg = historyLegOf(step);
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

async function assertionSigned(step: string, request: RawRequest, options: FlowRunOptions, report: FlowReport) {
  try {
    const signed = await withClientAssertion(request, options.clientAssertion ?? null, {
      random: nodeRandom,
      jose: joseSigner,
      now: Date.now(),
    });
    if (signed.trace) report.assertion(signed.trace);
    return signed.request;
  } catch (e) {
    if (e instanceof ProtocolError) throw new FlowFailure(step, e.message);
    throw e;
  }
}
