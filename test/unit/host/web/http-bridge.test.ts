import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHttpBridge } from '../../../../renderer/bridge';
import type { EventPayload } from '../../../../shared/bridge/contract';
import { fetchEventSource } from './fetch-event-source';
import { startTestHost, type TestHost } from './helpers';

/** What the browser adds to our page's requests by itself: the cookie and, on POST, the Origin. */
function browserFetch(host: TestHost): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        Cookie: `oauth_lab_token=${host.token}`,
        Origin: host.origin,
      },
    });
}

const waitFor = async (condition: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('createHttpBridge against the real web host', () => {
  it('has one function per contract method, and calls round-trip as BridgeResults', async () => {
    const host = await startTestHost();
    const bridge = createHttpBridge(host.origin, { fetch: browserFetch(host) });
    expect(await bridge.appInfo()).toEqual({
      ok: true,
      value: { host: 'web', version: '0.0.0-test', secretStorage: 'file', notices: [] },
    });
    expect(await bridge.mockAdvanceClock({ seconds: 30 })).toEqual({
      ok: true,
      value: { now: '2025-01-01T00:00:30.000Z', offsetSeconds: 30 },
    });
    const bad = await bridge.mockAdvanceClock({ seconds: -1 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!bad.ok) expect(bad.error.message).toContain('seconds');
    expect(await bridge.mockReset()).toEqual({
      ok: false,
      error: { code: 'mock_not_running', message: 'The mock provider is not running.' },
    });
    expect(host.backend.calls.map((c) => [c.name, c.input])).toEqual([
      ['appInfo', undefined],
      ['mockAdvanceClock', { seconds: 30 }],
      ['mockReset', undefined],
    ]);
  });

  it("passes the host's refusal on as data (no token: forbidden, with the way in)", async () => {
    const host = await startTestHost();
    const bridge = createHttpBridge(`${host.origin}/`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: host.origin } }),
    });
    const r = await bridge.appInfo();
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    if (!r.ok) expect(r.error.message).toContain('oauth-lab web');
    expect(host.backend.calls).toEqual([]);
  });

  it('turns a host that is gone into `unavailable`', async () => {
    const host = await startTestHost();
    await host.close();
    const r = await createHttpBridge(host.origin, { fetch: browserFetch(host) }).appInfo();
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('unavailable');
      expect(r.error.message).toMatch(new RegExp(`^The OAuth Lab host is not answering at ${host.origin}: `));
    }
  });

  it('turns a non-JSON answer, or JSON that is not a result, into `unavailable`', async () => {
    let answer = '<html>not us</html>';
    const other = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(answer));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const port = (other.address() as { port: number }).port;
    try {
      const bridge = createHttpBridge(`http://127.0.0.1:${port}`);
      const html = await bridge.appInfo();
      expect(html).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      if (!html.ok) expect(html.error.message).toContain(`http://127.0.0.1:${port}`);
      answer = '{"hello":"world"}';
      expect(await bridge.appInfo()).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('on() opens one shared event stream lazily, dispatches parsed payloads, and closes it with the last listener', async () => {
    const host = await startTestHost();
    const Source = fetchEventSource({ Cookie: `oauth_lab_token=${host.token}` });
    const bridge = createHttpBridge(host.origin, { fetch: browserFetch(host), EventSource: Source });
    expect(Source.instances).toHaveLength(0);

    const statuses: EventPayload<'mockStatus'>[] = [];
    const statuses2: EventPayload<'mockStatus'>[] = [];
    const ended: EventPayload<'catcherWaitEnded'>[] = [];
    const off1 = bridge.on('mockStatus', (p) => statuses.push(p));
    const off2 = bridge.on('mockStatus', (p) => statuses2.push(p));
    const off3 = bridge.on('catcherWaitEnded', (p) => ended.push(p));
    expect(Source.instances).toHaveLength(1);
    const source = Source.instances[0]!;
    expect(source.url).toBe(`${host.origin}/api/events`);
    await waitFor(() => source.readyState === 1);

    host.bus.emit('mockStatus', { running: true, baseUrl: 'http://127.0.0.1:4000' });
    host.bus.emit('catcherWaitEnded', { waitId: 'w', code: 'cancelled', message: 'Cancelled.' });
    await waitFor(() => statuses.length === 1 && statuses2.length === 1 && ended.length === 1);
    expect(statuses).toEqual([{ running: true, baseUrl: 'http://127.0.0.1:4000' }]);
    expect(ended).toEqual([{ waitId: 'w', code: 'cancelled', message: 'Cancelled.' }]);

    off1();
    off1(); // a second call changes nothing
    host.bus.emit('mockStatus', { running: false, baseUrl: null });
    await waitFor(() => statuses2.length === 2);
    expect(statuses).toHaveLength(1);
    expect(source.readyState).toBe(1);
    off2();
    off3();
    expect(source.readyState).toBe(2);

    // Subscribing again opens a new stream, from now: nobody was listening to what came in between.
    const off4 = bridge.on('mockStatus', () => {});
    expect(Source.instances).toHaveLength(2);
    expect(Source.instances[1]!.url).toBe(`${host.origin}/api/events`);
    off4();
  });

  it('drops an event whose id it has already seen; events without ids are delivered as before', async () => {
    const streams = [
      // A replay overlapping what was delivered: ids 2 and 1 again.
      ['id: 1', 'id: 2', 'id: 2', 'id: 1', 'id: 3']
        .map((id, i) => `${id}\nevent: mockStatus\ndata: {"n":${i}}\n\n`)
        .join(''),
      'event: mockStatus\ndata: {"n":0}\n\nevent: mockStatus\ndata: {"n":0}\n\n',
    ];
    const other = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(streams.shift())
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const origin = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
      for (const expected of [
        [{ n: 0 }, { n: 1 }, { n: 4 }],
        [{ n: 0 }, { n: 0 }],
      ]) {
        const Source = fetchEventSource({});
        const seen: unknown[] = [];
        const off = createHttpBridge(origin, { EventSource: Source }).on('mockStatus', (p) => seen.push(p));
        await Source.instances[0]!.opened;
        expect(seen).toEqual(expected);
        off();
      }
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('replaces a stream the browser gave up on with one that resumes after the last event received', async () => {
    const host = await startTestHost();
    const Source = fetchEventSource({ Cookie: `oauth_lab_token=${host.token}` });
    const bridge = createHttpBridge(host.origin, { fetch: browserFetch(host), EventSource: Source });
    const seen: (string | null)[] = [];
    bridge.on('mockStatus', (p) => seen.push(p.baseUrl));
    await waitFor(() => Source.instances[0]!.readyState === 1);
    host.bus.emit('mockStatus', { running: true, baseUrl: 'one' });
    host.bus.emit('mockStatus', { running: true, baseUrl: 'two' });
    await waitFor(() => seen.length === 2);

    // The browser gives up (as on a 403); what is emitted meanwhile waits in the host's replay buffer.
    Source.instances[0]!.close();
    host.bus.emit('mockStatus', { running: true, baseUrl: 'three' });
    bridge.on('catcherWaitEnded', () => {});
    expect(Source.instances).toHaveLength(2);
    expect(Source.instances[1]!.url).toBe(`${host.origin}/api/events?lastEventId=2`);
    await waitFor(() => seen.length === 3);
    host.bus.emit('mockStatus', { running: true, baseUrl: 'four' });
    await waitFor(() => seen.length === 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['one', 'two', 'three', 'four']);
    Source.instances[1]!.close();
  });

  it('on() says clearly when there is no EventSource at all', async () => {
    const bridge = createHttpBridge('http://127.0.0.1:9', { EventSource: undefined });
    if (typeof (globalThis as { EventSource?: unknown }).EventSource === 'undefined') {
      expect(() => bridge.on('mockStatus', () => {})).toThrow(/no EventSource/);
    }
  });
});
