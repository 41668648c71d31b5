import type { EventPayload } from '../../shared/bridge/contract';
import type { Exchange } from '../../shared/http';

export type ProviderEventView = EventPayload<'mockEvent'>;

/** What the join needs of an exchange the app sent. */
export type SentExchange = Pick<Exchange, 'request' | 'startedAt' | 'local'>;

/**
 * The mock's record of an exchange the app sent to it, joined on the connection that carried it: the transport
 * sends one request per connection and records its own end of it (address and port), and the mock records the same
 * end as the event's `client`. While a connection is open no other connection to the mock has that end, so this
 * holds when two flows, or the app and the CLI, send the same method to the same endpoint at once. Connections
 * before and after ours may have used the same port: ours is the first such event the mock started after our send
 * began (both read the same wall clock, and the mock sees the request while the exchange is under way).
 *
 * Exchanges recorded before the connection's end was kept have no `local`: for those only, the event that carries
 * the request's oauth_nonce (unique per request, RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)) is taken when there is one, otherwise none.
 */
export function findProviderEvent(
  events: readonly ProviderEventView[],
  exchange: SentExchange,
  mockBaseUrl: string | null,
  nonce?: string | null
): ProviderEventView | null {
  if (!isMockUrl(exchange.request.url, mockBaseUrl)) return null;
  const local = exchange.local;
  if (!local) return nonce ? findByNonce(events, nonce) : null;
  let ours: ProviderEventView | null = null;
  for (const e of events) {
    if (!e.client || e.client.port !== local.port || unmapped(e.client.address) !== unmapped(local.address)) continue;
    if (e.exchange.startedAt >= exchange.startedAt && (!ours || e.exchange.startedAt < ours.exchange.startedAt))
      ours = e;
  }
  return ours;
}

/** An IPv4 address as a dual-stack socket reports it (`::ffff:127.0.0.1`, RFC 4291 §2.5.5.2 (https://www.rfc-editor.org/rfc/rfc4291#section-2.5.5.2)) is that IPv4 address. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function findByNonce(events: readonly ProviderEventView[], nonce: string): ProviderEventView | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const { request } = events[i]!.exchange;
    if (
      request.url.includes(nonce) ||
      (request.body ?? '').includes(nonce) ||
      request.headers.some(([, v]) => v.includes(nonce))
    )
      return events[i]!;
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
 * RFC 3986 §3.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2), and the URL parser lowercases them).
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
