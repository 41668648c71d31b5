import type { Socket } from 'node:net';
import type { ParsedUrl } from '../../../shared/url';
import type { Mark } from './connect';
import { TransportError, type TransportPhase } from './errors';
import type { Prepared } from './prepare';
import type { ProxyChoice } from './proxy';
import type { SendOptions } from './types';

/** What send knows before a socket opens (see send.ts). */
export interface AttemptPlan {
  readonly url: ParsedUrl;
  readonly port: number;
  readonly proxy: ProxyChoice | null;
  readonly prepared: Prepared;
  readonly connectTimeoutMs: number;
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** One send in flight: its time marks, its phase, its sockets, and the one way it fails (once). */
export interface Attempt {
  /** `host:port`, for messages. */
  readonly origin: string;
  readonly marks: Partial<Record<Mark | 'firstByte', number>>;
  readonly sockets: Socket[];
  phase: TransportPhase;
  /** Milliseconds since the send began, to the microsecond. */
  at(): number;
  finished(): boolean;
  /** The connection is open: the connect time limit no longer applies. */
  connected(): void;
  /** Stops the timers and the abort listener and closes every socket; the caller then resolves. */
  end(): void;
  fail(code: TransportError['code'], message: string, causeCode?: string | null): void;
}

const seconds = (ms: number) => `${+(ms / 1000).toFixed(3)} s`;

/** Where a connection that is not open yet is stuck, for the connect time limit's message. */
function connectStage(attempt: Attempt, { url, proxy }: AttemptPlan): string {
  const { marks } = attempt;
  if (marks.connect === undefined)
    return marks.dns === undefined && !/^[\d.[\]:a-f]+$/i.test(url.host)
      ? 'resolving the name or opening the TCP connection'
      : 'opening the TCP connection';
  return proxy && url.scheme === 'https' && marks.proxy === undefined
    ? 'waiting for the proxy to open the tunnel'
    : 'the TLS handshake';
}

/**
 * Starts the clock of one send: the total and connect time limits and the caller's abort signal each end it with a
 * TransportError passed to `reject`. Returns the attempt, already failed when the signal was aborted before.
 */
export function startAttempt(
  plan: AttemptPlan,
  options: SendOptions,
  at: () => number,
  reject: (e: TransportError) => void
): Attempt {
  const { url, port, proxy, prepared, connectTimeoutMs, timeoutMs } = plan;
  const origin = `${url.host}:${port}`;
  let finished = false;
  const attempt: Attempt = {
    origin,
    marks: {},
    sockets: [],
    phase: 'connect',
    at,
    finished: () => finished,
    connected: () => clearTimeout(connectTimer),
    end: () => {
      finished = true;
      clearTimeout(totalTimer);
      clearTimeout(connectTimer);
      options.signal?.removeEventListener('abort', onAbort);
      for (const s of attempt.sockets) s.destroy();
    },
    fail: (code, message, causeCode = null) => {
      if (finished) return;
      attempt.end();
      reject(new TransportError(code, message, prepared.sent, attempt.phase, causeCode));
    },
  };
  const totalTimer = setTimeout(
    () =>
      attempt.fail(
        'timeout',
        `No complete answer from ${origin} within ${seconds(timeoutMs)} (total time limit, during ${attempt.phase}). The server may be slow or stuck; try again, or raise the time limit.`
      ),
    timeoutMs
  );
  const connectTimer = setTimeout(() => {
    const stage = connectStage(attempt, plan);
    attempt.fail(
      'connect_timeout',
      `Could not connect to ${proxy ? `${origin} through the proxy ${proxy.url}` : origin} within ${seconds(connectTimeoutMs)} (stuck ${stage}). Check the host, the port and the network; a firewall may drop the packets.`
    );
  }, connectTimeoutMs);
  const onAbort = () =>
    attempt.fail('aborted', `The request to ${origin} was cancelled before the answer was complete.`);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return attempt;
}
