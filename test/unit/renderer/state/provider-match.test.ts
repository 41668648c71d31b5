import { describe, expect, it } from 'vitest';
import {
  findProviderEvent,
  isMockUrl,
  type ProviderEventView,
  type SentExchange,
} from '../../../../renderer/state/provider-match';

describe('isMockUrl', () => {
  const mock = 'http://127.0.0.1:40123';
  it('knows the mock under any loopback name and any case of it', () => {
    for (const url of [
      `${mock}/api/v1/me`,
      'http://LOCALHOST:40123/api/v1/me',
      'http://localhost:40123/',
      'http://[::1]:40123/x',
    ])
      expect(isMockUrl(url, mock), url).toBe(true);
  });
  it('tells other ports, schemes and hosts apart', () => {
    for (const url of ['http://127.0.0.1:40124/', 'https://127.0.0.1:40123/', 'http://example.com:40123/', 'not a url'])
      expect(isMockUrl(url, mock), url).toBe(false);
    expect(isMockUrl(`${mock}/`, null)).toBe(false);
  });
});

describe('findProviderEvent: joined on the connection, not on content or timing', () => {
  const mock = 'http://127.0.0.1:40123';
  const url = `${mock}/oauth/v1/request_token`;
  const event = (
    id: number,
    startedAt: number,
    client: ProviderEventView['client'],
    auth = 'OAuth oauth_signature_method="PLAINTEXT"'
  ): ProviderEventView => ({
    id,
    at: '',
    endpoint: 'oauth1.requestToken',
    exchange: {
      request: { method: 'POST', url, headers: [['Authorization', auth]] },
      response: { status: 200, statusText: 'OK', headers: [], bodyText: '', bodySize: 0 },
      timings: { connect: null, tls: null, firstByte: null, total: 1 },
      startedAt,
    },
    verdict: { ok: true, reason: 'ok', message: '' },
    signature: null,
    assumptions: [],
    client,
  });
  const sent = (local: SentExchange['local'], startedAt = 1000): SentExchange => ({
    request: { method: 'POST', url, headers: [] },
    startedAt,
    local,
  });

  it('takes the event whose client is our end of the connection, whatever came later to the same endpoint', () => {
    const events = [
      event(1, 1001, { address: '127.0.0.1', port: 50001 }),
      event(2, 1001, { address: '127.0.0.1', port: 50002 }),
      event(3, 1002, { address: '127.0.0.2', port: 50001 }),
    ];
    expect(findProviderEvent(events, sent({ address: '127.0.0.1', port: 50001 }), mock)?.id).toBe(1);
    expect(findProviderEvent(events, sent({ address: '127.0.0.1', port: 50002 }), mock)?.id).toBe(2);
    expect(findProviderEvent(events, sent({ address: '127.0.0.2', port: 50001 }), mock)?.id).toBe(3);
    expect(findProviderEvent(events, sent({ address: '127.0.0.1', port: 50003 }), mock)).toBeNull();
  });

  it('a port used by connections before and after ours: ours is the first event after our send began', () => {
    const end = { address: '127.0.0.1', port: 50001 };
    const events = [event(1, 900, end), event(2, 1000, end), event(3, 1000, end), event(4, 1200, end)];
    expect(findProviderEvent(events, sent(end, 1000), mock)?.id).toBe(2);
    expect(findProviderEvent(events, sent(end, 1100), mock)?.id).toBe(4);
    expect(findProviderEvent([events[0]!], sent(end, 1000), mock)).toBeNull();
  });

  it('an IPv4 client reported by a dual-stack socket as ::ffff:a.b.c.d is the same client', () => {
    const events = [event(1, 1001, { address: '::ffff:127.0.0.1', port: 50001 })];
    expect(findProviderEvent(events, sent({ address: '127.0.0.1', port: 50001 }), mock)?.id).toBe(1);
  });

  it('nothing for an exchange that did not go to the mock, or when the mock is not running', () => {
    const events = [event(1, 1001, { address: '127.0.0.1', port: 50001 })];
    const elsewhere = {
      ...sent({ address: '127.0.0.1', port: 50001 }),
      request: { method: 'POST', url: 'http://127.0.0.1:40124/oauth/v1/request_token', headers: [] },
    };
    expect(findProviderEvent(events, elsewhere, mock)).toBeNull();
    expect(findProviderEvent(events, sent({ address: '127.0.0.1', port: 50001 }), null)).toBeNull();
  });

  it('an exchange recorded without its connection (older history): the nonce when there is one, never method and path', () => {
    const events = [
      event(1, 1001, null, 'OAuth oauth_nonce="n-one"'),
      event(2, 1002, { address: '127.0.0.1', port: 50001 }, 'OAuth oauth_nonce="n-two"'),
    ];
    expect(findProviderEvent(events, sent(undefined), mock, 'n-one')?.id).toBe(1);
    expect(findProviderEvent(events, sent(null), mock, 'n-two')?.id).toBe(2);
    expect(findProviderEvent(events, sent(undefined), mock, 'n-three')).toBeNull();
    expect(findProviderEvent(events, sent(undefined), mock)).toBeNull();
  });
});
