import type { BridgeApi } from '../../shared/bridge/api';
import { EVENT_NAMES, METHOD_NAMES, type MethodName } from '../../shared/bridge/contract';
import type { BridgeResult } from '../../shared/bridge/result';
import { EventHub } from './event-hub';
import { isBridgeResult, unavailable } from './result-shape';

/**
 * The bridge over HTTP + Server-Sent Events, for browser mode (the web host, host/web). Calls are
 * `POST /api/call/<method>` with the input as JSON; the access token travels in the host's HttpOnly cookie, which
 * this code never sees. Every failure comes back as a BridgeResult, never as a rejected promise.
 */

/** The part of EventSource this bridge uses, so tests in Node can pass their own. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface HttpBridgeDeps {
  readonly fetch?: typeof fetch;
  readonly EventSource?: new (url: string) => EventSourceLike;
}

/** EventSource.CLOSED: the browser gave up (the host answered non-200, e.g. 403 after a restart with a new token). */
const CLOSED = 2;

/** One bridge call: POST /api/call/<method>; a failure to reach the host or read its answer becomes a BridgeResult. */
async function callOverHttp(
  { base, where, fetch: fetchOf }: { base: string; where: string; fetch: HttpBridgeDeps['fetch'] },
  name: MethodName,
  input: unknown
): Promise<BridgeResult<unknown>> {
  const doFetch = fetchOf ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(`${base}/api/call/${name}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      // No input is no body: the host passes `undefined` to the contract, exactly as IPC does.
      body: input === undefined ? '' : JSON.stringify(input),
    });
  } catch (e) {
    return unavailable(where, describeNetworkError(e));
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return unavailable(where, `it answered ${name} with HTTP ${response.status} and no JSON.`);
  }
  // The host's refusals (403, 413, 415, ...) are BridgeResults too, with their own code and advice: pass them on.
  return isBridgeResult(parsed)
    ? parsed
    : unavailable(where, `it answered ${name} with HTTP ${response.status} and JSON that is not a bridge result.`);
}

export function createHttpBridge(baseUrl = '', deps: HttpBridgeDeps = {}): BridgeApi {
  const base = baseUrl.replace(/\/+$/, '');
  const where = base || (typeof location === 'undefined' ? 'this page' : location.origin);

  let source: EventSourceLike | null = null;
  /** The id of the last event received: the host replays after it, and anything at or below it is a duplicate. */
  let lastId: number | null = null;
  const open = (resume = false) => {
    const Source = deps.EventSource ?? globalThis.EventSource;
    if (!Source)
      throw new Error(
        'This environment has no EventSource, so bridge events cannot be received; pass one to createHttpBridge.'
      );
    // A new EventSource sends no Last-Event-ID of its own, so the host reads where we left off from the query.
    const s = new Source(`${base}/api/events${resume && lastId !== null ? `?lastEventId=${lastId}` : ''}`);
    for (const name of EVENT_NAMES) {
      s.addEventListener(name, (event) => {
        const id = /^\d+$/.test(event.lastEventId ?? '') ? Number(event.lastEventId) : null;
        if (id !== null && lastId !== null && id <= lastId) return;
        if (id !== null) lastId = id;
        let payload: unknown;
        try {
          payload = JSON.parse(String(event.data));
        } catch {
          console.error(`OAuth Lab: the host sent a ${name} event that is not JSON`);
          return;
        }
        hub.deliver(name, payload);
      });
    }
    source = s;
  };
  // Opened for a first listener: from now, since nobody was listening to what came before.
  const hub = new EventHub(
    () => open(),
    () => {
      source?.close();
      source = null;
    }
  );

  const api: Record<string, unknown> = {
    on(event: string, listener: (payload: unknown) => void) {
      // A stream the browser gave up on is replaced when someone subscribes again (e.g. after reopening the URL),
      // resuming after the last event received, since listeners were waiting all along.
      if (source && source.readyState === CLOSED && hub.size > 0) {
        source.close();
        open(true);
      }
      return hub.add(event as (typeof EVENT_NAMES)[number], listener);
    },
  };
  for (const name of METHOD_NAMES)
    api[name] = (input?: unknown) => callOverHttp({ base, where, fetch: deps.fetch }, name, input);
  return api as unknown as BridgeApi;
}

/** `fetch failed (connect ECONNREFUSED 127.0.0.1:5173)`: the cause, where the runtime gives one, says why. */
function describeNetworkError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? `${e.message} (${cause.message})` : e.message;
}
