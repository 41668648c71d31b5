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
