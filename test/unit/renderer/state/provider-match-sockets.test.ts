import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../../platform/node/transport';
import type { TransportExchange } from '../../../../shared/http';
import { C, CALLBACK, Harness } from '../../mock-provider/helpers';
import { findProviderEvent, type ProviderEventView } from '../../../../renderer/state/provider-match';

const env = {};
const enc = encodeURIComponent;

/**
 * The same request-token request with PLAINTEXT and no oauth_nonce or oauth_timestamp (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1) lets PLAINTEXT
 * omit them), told apart only by a header the mock records. Identical method, path and OAuth parameters: neither
 * a nonce nor "same method and path, just after" can tell their events apart.
 */
const plaintext = (base: string, probe: string) => ({
  method: 'POST',
  url: `${base}/oauth/v1/request_token`,
  headers: [
    [
      'Authorization',
      `OAuth oauth_consumer_key="${C.consumer.key}", oauth_signature_method="PLAINTEXT", oauth_signature="${enc(`${C.consumer.secret}&`)}", oauth_callback="${enc(CALLBACK)}"`,
    ],
    ['X-Probe', probe],
  ] as [string, string][],
});

const probeOf = (e: ProviderEventView | null) => e?.exchange.request.headers.find(([n]) => n === 'X-Probe')?.[1];

describe('an exchange is joined to exactly the mock event of its own connection (real sockets)', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('concurrent identical PLAINTEXT requests without a nonce each find their own event', async () => {
    const probes = ['a', 'b', 'c', 'd'];
    const exchanges: TransportExchange[] = await Promise.all(probes.map((p) => send(plaintext(h.base, p), { env })));
    const events = h.provider.events.recent() as ProviderEventView[];
    const ours = exchanges.map((x) => findProviderEvent(events, x, h.base, null));
    expect(ours.map(probeOf)).toEqual(probes);
    for (const [i, x] of exchanges.entries()) {
      expect(x.local).toEqual({ address: '127.0.0.1', port: expect.any(Number) });
      expect(ours[i]!.client).toEqual(x.local);
      expect(ours[i]!.endpoint).toBe('oauth1.requestToken');
      expect(ours[i]!.exchange.response.status).toBe(x.response.status);
    }
    expect(new Set(ours.map((e) => e!.id)).size).toBe(probes.length);
  });

  it('an exchange sent elsewhere joins nothing, and neither does one the mock never saw', async () => {
    const x = await send(plaintext(h.base, 'e'), { env });
    const events = h.provider.events.recent() as ProviderEventView[];
    expect(probeOf(findProviderEvent(events, x, h.base))).toBe('e');
    expect(findProviderEvent(events, x, 'http://127.0.0.1:1')).toBeNull();
    const before = events.filter((e) => e.id < findProviderEvent(events, x, h.base)!.id);
    expect(findProviderEvent(before, x, h.base)).toBeNull();
  });
});
