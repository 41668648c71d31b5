import type { EventPayload } from '../../shared/bridge/contract';

export type ProviderEventView = EventPayload<'mockEvent'>;

/** The mock's record of the request we sent: the one that carries our nonce (unique per request, RFC 5849 §3.3). */
export function findProviderEvent(events: readonly ProviderEventView[], nonce: string | null | undefined): ProviderEventView | null {
  if (!nonce) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const { request } = events[i]!.exchange;
    if (request.url.includes(nonce) || (request.body ?? '').includes(nonce) || request.headers.some(([, v]) => v.includes(nonce))) return events[i]!;
  }
  return null;
}

/**
 * For requests without a nonce (OAuth 2): the mock's latest record of the same method and path that started no
 * earlier than our send. The mock handles one request at a time per connection, so this is ours in practice.
 */
export function findProviderEventAfter(events: readonly ProviderEventView[], request: { method: string; url: string }, sentAt: number): ProviderEventView | null {
  const path = pathOf(request.url);
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.exchange.startedAt + 5 < sentAt) return null;
    if (e.exchange.request.method === request.method && pathOf(e.exchange.request.url) === path) return e;
  }
  return null;
}

/** The path of an absolute URL, as sent (not decoded); `/` when it has none. */
export function pathOf(url: string): string {
  const m = /^[a-z]+:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return m?.[1] || '/';
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a request goes to the built-in mock: the same scheme and port, and a host that is the mock's or another
 * name of the loopback interface it listens on (`http://LOCALHOST:<port>` included: hosts are case-insensitive,
 * RFC 3986 §3.2.2, and the URL parser lowercases them).
 */
export function isMockUrl(url: string, mockBaseUrl: string | null): boolean {
  if (!mockBaseUrl) return false;
  try {
    const a = new URL(url);
    const b = new URL(mockBaseUrl);
    const sameHost = a.hostname === b.hostname || (LOOPBACK_NAMES.has(a.hostname) && LOOPBACK_NAMES.has(b.hostname));
    return a.protocol === b.protocol && a.port === b.port && sameHost;
  } catch {
    return false;
  }
}
