import { STATUS_CODES } from 'node:http';
import type { Exchange } from '../../shared/http';
import type { HistoryEntry } from '../../shared/store/history';
import { historyEntryOf, type HistoryVerdict } from '../../shared/store/history-record';
import type { SeenForHistory } from './grade-session';

/**
 * A request the grader saw as a History entry (flow `grade`, the scenario's owner, the endpoint as its leg): what
 * the client sent and what the scenario's issuer answered. Its verdict is the issuer's own words, or, on the request
 * that decided the scenario's failure, the cause (judge.ts settledFailure), so Why? shows it on the exchange itself.
 */
export function seenHistoryEntry(
  id: string,
  { scenarioId, owner, origin, seen, failure }: SeenForHistory
): HistoryEntry {
  const { request, reply, observed, at } = seen;
  const exchange: Exchange = {
    request: {
      method: request.method,
      url: `${origin}${request.target}`,
      headers: request.headers,
      ...(request.bodyText ? { body: request.bodyText } : {}),
    },
    response: {
      status: reply.status,
      statusText: STATUS_CODES[reply.status] ?? '',
      headers: reply.headers,
      bodyText: reply.body,
      bodySize: Buffer.byteLength(reply.body),
    },
    timings: { connect: null, tls: null, firstByte: null, total: 0 },
    startedAt: at,
  };
  const line = `${observed.method} ${observed.path || '/'} → ${observed.status}: ${observed.said}${observed.bad ? " (the scenario's fault)" : ''}`;
  const verdict: HistoryVerdict =
    failure !== null
      ? { outcome: 'failed', summary: `${scenarioId} fails here: ${failure}` }
      : { outcome: observed.status < 400 ? 'succeeded' : 'failed', summary: `${scenarioId}: ${line}` };
  return historyEntryOf({ id, profileId: owner, flow: 'grade', leg: observed.endpoint }, exchange, at, verdict);
}
