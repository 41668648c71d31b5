import type { RawSeen } from '../../../shared/grade/grade-report';
import type { RawRequest, TransportResponse } from '../../../shared/http';
import { send, TransportError, type SendOptions } from '../../../platform/node/transport';

/**
 * An audit's one way out (issue 39): every request counted against --max-requests, and none sent to any host but
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
}

export function auditSender(issuer: string, maxRequests: number, options: SendOptions = {}): AuditSender {
  const issuerHost = new URL(issuer).hostname;
  const seen: RawSeen[] = [];
  let count = 0;
  return {
    count: () => count,
    seen,
    async send(request) {
      const url = new URL(request.url);
      if (url.hostname !== issuerHost)
        throw new NotSent(
          `${url.origin} is not the issuer's host (${issuerHost}); the audit sends nothing to any other host.`
        );
      if (count >= maxRequests) throw new NotSent(`--max-requests ${maxRequests} reached; raise it to run this probe.`);
      count++;
      let response: TransportResponse;
      try {
        response = (await send(request, { maxResponseBytes: AUDIT_RESPONSE_MAX_BYTES, ...options })).response;
      } catch (e) {
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
