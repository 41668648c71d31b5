import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The one Server-Sent Events writer (HTML Living Standard, "Server-sent events"): the response head, events framed as
 * `id:`/`event:`/`data:` fields, comment lines that keep an idle connection open, the Last-Event-ID a reconnecting
 * client sends, and a cut-off for a client that stops reading. The mock provider's /_mock/events and the web host's
 * /api/events both stream through it.
 */
export const HEARTBEAT_MS = 15_000;
/** A client that stops reading is cut off after this much unsent data instead of growing our memory without end. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** Event names are field values, so only plain identifiers pass (a newline would forge another field). */
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Last-Event-ID we accept: plain decimal digits, small enough to stay an exact JavaScript integer. */
const EVENT_ID = /^\d{1,15}$/;
/** The stream's line ends: CRLF, LF or CR each end a line, so any of them inside data starts a new `data:` field. */
const LINE_END = /\r\n|\r|\n/;

export interface SseEvent {
  readonly id?: number;
  readonly event: string;
  readonly data: string;
}

/**
 * One event as written on the stream, ending in the blank line that dispatches it; null for an event name that is not
 * a plain identifier. Each line of `data` gets its own `data:` field, which the client joins back with LF.
 */
export function sseEvent({ id, event, data }: SseEvent): string | null {
  if (!EVENT_NAME.test(event)) return null;
  const dataLines = data
    .split(LINE_END)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\n${dataLines}\n`;
}

/** A comment line (ignored by clients), made single-line so it cannot smuggle a field. */
export const sseComment = (text: string): string => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;

/**
 * Where a reconnecting client left off: the Last-Event-ID header an EventSource sends on its own reconnect, else the
 * query parameter `queryName` (a new EventSource cannot set headers). Anything but a plain non-negative integer is null.
 */
export function lastEventIdOf(req: IncomingMessage, queryName: string): number | null {
  const header = req.headers['last-event-id'];
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const raw =
    typeof header === 'string' && header !== ''
      ? header
      : q < 0
        ? null
        : new URLSearchParams(url.slice(q + 1)).get(queryName);
  return raw !== null && EVENT_ID.test(raw) ? Number(raw) : null;
}

export interface SseStreamOptions {
  /** The comment that opens the stream, naming what it carries. */
  readonly greeting: string;
  /** Fields besides Content-Type and Cache-Control. */
  readonly headers?: OutgoingHttpHeaders;
  /** The reconnection delay the client should use (the `retry:` field), when set. */
  readonly retryMs?: number;
  readonly heartbeatMs?: number;
  readonly maxBufferedBytes?: number;
}

export interface SseStream {
  /** Writes text as it is (an sseEvent frame or comment); nothing once the stream has ended. */
  write(text: string): void;
  end(): void;
  readonly ended: boolean;
  /** Runs once, when the stream ends for any reason (the client left, end(), a slow client cut off). */
  onEnd(listener: () => void): void;
}

/** Sends the head and greeting of an event stream and keeps it alive with a comment every heartbeatMs. */
export function openSseStream(req: IncomingMessage, res: ServerResponse, options: SseStreamOptions): SseStream {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  res.writeHead(200, {
    ...options.headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  // The stream lives as long as the client; no socket timeout should end it.
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  let ended = false;
  const listeners: (() => void)[] = [];
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const l of listeners.splice(0)) l();
  };
  const stream: SseStream = {
    write(text) {
      if (ended || res.writableEnded || res.destroyed) return;
      if (res.writableLength > maxBuffered) {
        // EventSource reconnects on its own (with Last-Event-ID); a fresh stream is better than an unbounded buffer.
        stream.end();
        return;
      }
      res.write(text);
    },
    end() {
      finish();
      if (!res.writableEnded) res.end();
    },
    get ended() {
      return ended;
    },
    onEnd(listener) {
      if (ended) listener();
      else listeners.push(listener);
    },
  };
  const heartbeat = setInterval(() => stream.write(sseComment('heartbeat')), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', finish);
  res.on('error', finish);
  stream.write(
    `${sseComment(options.greeting).slice(0, -1)}${options.retryMs === undefined ? '' : `retry: ${options.retryMs}\n`}\n`
  );
  return stream;
}
