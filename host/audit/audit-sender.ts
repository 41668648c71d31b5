import type { RawSeen } from '../../shared/grade/grade-report';
import type { RawRequest, TransportResponse } from '../../shared/http';
import { TransportError, type SendOptions } from '../../platform/node/transport';
import { Interrupted, type Interruptible } from '../interrupted';
import { sendRecorded, type Recording } from '../store/history/record-exchange';

/**
 * An audit's one way out: every request counted against --max-requests, and none sent to any host but
 * the issuer's. A response is read through the transport's bounded reader: no server answer past 1 MiB is read whole.
 */
const AUDIT_RESPONSE_MAX_BYTES = 1024 * 1024;

/** Why a request was not sent (the budget is spent, or it would leave the issuer's host): the probe is skipped. */
export class NotSent extends Error {
  override readonly name = 'NotSent';
}

export interface AuditSender {
  send(request: RawRequest): Promise<TransportResponse>;
  /** Requests sent so far. */
  readonly count: () => number;
  /** Every request sent with its answer, for the report (fingerprinted there). */
  readonly seen: readonly RawSeen[];
  /** Throws the Ctrl-C that cancelled a request, even one a probe or discovery took as an unanswered request. */
  readonly stopIfInterrupted: () => void;
}

/**
 * How a host stops an audit and records it: its cancel (throwing Interrupted, so nothing more is sent; the CLI's
 * Ctrl-C, the app's *Cancel*) and, in the app, each request recorded in the History (the CLI records nothing).
 */
export interface AuditHooks {
  readonly interruptible: Interruptible;
  /** A fresh record for each request sent (its own History entry id). */
  readonly recording?: (request: RawRequest) => Recording;
}

export function auditSender(issuer: string, maxRequests: number, options: SendOptions, hooks: AuditHooks): AuditSender {
  const issuerHost = new URL(issuer).hostname;
  const seen: RawSeen[] = [];
  let count = 0;
  let interrupted: Interrupted | null = null;
  const stopIfInterrupted = () => {
    if (interrupted) throw interrupted;
  };
  return {
    count: () => count,
    seen,
    stopIfInterrupted,
    async send(request) {
      // After Ctrl-C nothing more is sent, whatever caught the cancellation.
      stopIfInterrupted();
      const url = new URL(request.url);
      if (url.hostname !== issuerHost)
        throw new NotSent(
          `${url.origin} is not the issuer's host (${issuerHost}); the audit sends nothing to any other host.`
        );
      if (count >= maxRequests) throw new NotSent(`--max-requests ${maxRequests} reached; raise it to run this probe.`);
      count++;
      let response: TransportResponse;
      try {
        // The host's stop (Ctrl-C, the app's Cancel) cancels the request in flight, and the audit with it.
        const exchange = await hooks.interruptible(`${request.method} ${request.url}`, (signal) =>
          sendRecorded(
            request,
            { maxResponseBytes: AUDIT_RESPONSE_MAX_BYTES, ...options, signal },
            hooks.recording?.(request) ?? null
          )
        );
        response = exchange.response;
      } catch (e) {
        if (e instanceof Interrupted) interrupted = e;
        if (e instanceof TransportError) throw new Error(e.message, { cause: e });
        throw e;
      }
      seen.push({
        method: request.method,
        target: url.pathname + url.search,
        headers: request.headers,
        body: request.body ?? '',
        status: response.status,
        said: `${response.status} ${response.statusText}`.trim(),
      });
      return response;
    },
  };
}
