import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../../../mock-provider';
import { C, CALLBACK, getCode, Harness, json, nonce, requestToken, signed, threeLegs } from './helpers';

/** What the mock publishes of each exchange: the event records, their redaction, and the event stream. */
const h = new Harness({ configValue: { lifetimes: { requestTokenTtl: 120, codeTtl: 30, accessTokenTtl: 300 } } });
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('events', () => {
  it('a rejected signature carries the client signature and the provider base string; no secrets', async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK, consumerSecret: 'wrong' });
    off();
    const e = seen.find((x) => x.endpoint === 'oauth1.requestToken')!;
    expect(e.verdict).toMatchObject({ ok: false, reason: 'signature_invalid' });
    expect(e.signature?.clientSignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(e.signature?.expectedSignature).not.toBe(e.signature?.clientSignature);
    expect(e.signature?.baseString).toMatch(
      /^POST&http%3A%2F%2F127\.0\.0\.1%3A\d+%2Foauth%2Fv1%2Frequest_token&oauth_callback/
    );
    expect(e.signature?.steps.map((s) => s.id)).toEqual([
      'protocol-parameters',
      'query-parameters',
      'body-parameters',
      'encoded-parameters',
      'sorted-parameters',
      'normalized-parameters',
      'base-string-uri',
      'signature-base-string',
      'signing-key',
      'signature',
    ]);
    expect(JSON.stringify(e)).not.toContain(C.consumer.secret);
    expect(e.exchange.response.status).toBe(401);
    expect(e.exchange.request.url).toContain('/oauth/v1/request_token');
  });

  it('secrets in bodies are redacted; assumptions are listed', async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    await requestToken(h);
    await getCode(h);
    off();
    const rt = seen.find((x) => x.endpoint === 'oauth1.requestToken')!;
    expect(rt.exchange.response.bodyText).toMatch(/oauth_token_secret=%C2%ABredacted%C2%BB/);
    expect(rt.assumptions.join(' ')).toContain('RFC 5849 §2.1');
    const login = seen.find((x) => x.endpoint === 'oauth2.authorize' && x.exchange.request.method === 'POST')!;
    expect(login.exchange.request.body).toContain('password=%C2%ABredacted%C2%BB');
    expect(login.exchange.request.body).not.toContain('password=demo');
  });

  it('GET /_mock/events streams events as SSE', async () => {
    const url = new URL(h.base);
    const history = (json((await h.send({ path: '/_mock/events.json' })).body) as { events: ProviderEvent[] }).events;
    const since = history.at(-1)!.id;
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: `/_mock/events?since=${since}`, agent: false },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream');
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('/api/v2/me')) {
              req.destroy();
              resolve(text);
            }
          });
        }
      );
      req.on('error', reject);
      req.end();
      setTimeout(() => void h.send({ path: '/api/v2/me' }), 50);
    });
    const data = received
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as ProviderEvent);
    const last = data.find((d) => d.endpoint === 'mock.api.v2.me')!;
    expect(last.verdict.ok).toBe(false);
    expect(last.exchange.response.status).toBe(401);
    expect(received).toMatch(/^id: \d+$/m);
  });

  it('an event built when it is first read carries the same data as one built for a listener', async () => {
    const before = h.provider.events.recent().at(-1)?.id ?? 0;
    // The same forged request twice (a forged request does not burn its nonce): first unwatched, its event built
    // from its record on first read, then with a listener.
    const forged = {
      path: '/oauth/v1/request_token',
      callback: CALLBACK,
      consumerSecret: 'wrong',
      nonce: nonce(),
      timestamp: String(h.nowSeconds()),
    };
    await signed(h, forged);
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    await signed(h, forged);
    off();
    const [unwatched, watched] = h.provider.events.recent(before);
    expect(watched).toBe(seen[0]);
    // The client's end differs per connection, like the id and the times.
    const timeless = (e: ProviderEvent) =>
      JSON.parse(
        JSON.stringify(e, (k, v) => (['id', 'at', 'startedAt', 'total', 'client'].includes(k) ? undefined : v))
      );
    expect(timeless(unwatched!)).toEqual(timeless(watched!));
    for (const e of [unwatched!, watched!])
      expect(e.client).toEqual({ address: '127.0.0.1', port: expect.any(Number) });
    expect(unwatched!.signature!.steps.length).toBe(10);
    expect(Object.getOwnPropertyDescriptor(unwatched!.signature, 'steps')!.get).toBeUndefined();
    expect(h.provider.events.recent(before)[0]).toBe(unwatched);
  });

  it('an unwatched event read later shows the base string the provider verified, though switches and state changed since', async () => {
    const t = await threeLegs(h);
    const before = h.provider.events.recent().at(-1)?.id ?? 0;
    const me = await signed(h, {
      method: 'POST',
      path: '/api/v1/me?q=a+b',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
      placement: 'body',
      body: 'x=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(me.status).toBe(200);
    // Header-only would now refuse this request, and the token is gone: the event must not be recomputed under either.
    await h.settings({ switches: { oauth1HeaderOnly: true } });
    h.provider.state.accessTokens.clear();
    try {
      const [event] = h.provider.events.recent(before);
      expect(event!.signature).toMatchObject({
        placement: 'body',
        baseString: json(me.body).signatureBaseString,
        error: null,
      });
      expect((event!.signature!.steps.find((s) => s.id === 'signing-key') as { text: string }).text).toBe(
        '«consumer secret»&«token secret»'
      );
    } finally {
      await h.settings({ switches: { oauth1HeaderOnly: false } });
    }
  });

  it('GET /_mock/events.json returns the recent history', async () => {
    const r = await h.send({ path: '/_mock/events.json' });
    const events = (json(r.body) as { events: ProviderEvent[] }).events;
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e, i) => i === 0 || e.id > events[i - 1]!.id)).toBe(true);
  });
});
