import { afterEach, describe, expect, it } from 'vitest';
import { REPLAY_MAX_EVENTS } from '../../../../host/web/event-stream';
import { closeBareServers, ids, openStream, serveStreams, status, tabAfter, waitFor } from './event-stream-client';
import { startTestHost } from './helpers';

afterEach(closeBareServers);

describe('web host: event ids and replay after a reconnect (Last-Event-ID)', () => {
  it('numbers every event with one increasing id shared by all tabs', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 3);
    const b = await openStream(host);
    await b.until(/bridge events/);
    host.bus.emit('mockStatus', status(4));
    await Promise.all([a.until(/^id: 4$/m), b.until(/^id: 4$/m)]);
    expect(ids(a.text)).toEqual([1, 2, 3, 4]);
    expect(ids(b.text)).toEqual([4]);
    expect(a.text).toContain('id: 1\nevent: mockStatus\ndata: {"running":true,"baseUrl":"http://127.0.0.1:1"}\n\n');
    a.destroy();
    b.destroy();
  });

  it('replays exactly the missed events, in order, including those emitted while no tab was open, then goes live', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 2);
    a.destroy();
    await waitFor(() => a.res.destroyed);
    host.bus.emit('catcherWaitEnded', { waitId: 'w', code: 'cancelled', message: 'missed' });
    host.bus.emit('mockStatus', status(4));
    const b = await openStream(host, { headers: { 'Last-Event-ID': '2' } });
    await b.until(/^id: 4$/m);
    host.bus.emit('mockStatus', status(5));
    await b.until(/^id: 5$/m);
    expect(ids(b.text)).toEqual([3, 4, 5]);
    expect(b.text).toContain(
      'id: 3\nevent: catcherWaitEnded\ndata: {"waitId":"w","code":"cancelled","message":"missed"}\n\n'
    );
    expect(b.text).not.toContain('replay incomplete');
    b.destroy();
  });

  it('takes ?lastEventId= as the header, and the header wins when both are sent', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 4);
    const query = await openStream(host, { path: '/api/events?lastEventId=1' });
    const both = await openStream(host, { path: '/api/events?lastEventId=1', headers: { 'Last-Event-ID': '3' } });
    await Promise.all([query.until(/^id: 4$/m), both.until(/^id: 4$/m)]);
    expect(ids(query.text)).toEqual([2, 3, 4]);
    expect(ids(both.text)).toEqual([4]);
    for (const s of [a, query, both]) s.destroy();
  });

  it('keeps only the last REPLAY_MAX_EVENTS events, and says which ones a too-old id has missed', async () => {
    const host = await startTestHost();
    const total = REPLAY_MAX_EVENTS + 5;
    const a = await tabAfter(host, total);
    const b = await openStream(host, { headers: { 'Last-Event-ID': '2' } });
    await b.until(new RegExp(`^id: ${total}$`, 'm'));
    expect(b.text).toContain(
      ': OAuth Lab bridge events\nretry: 2000\n\n: replay incomplete: events 3..5 were dropped\n\nid: 6\n'
    );
    expect(ids(b.text)).toEqual(Array.from({ length: REPLAY_MAX_EVENTS }, (_, i) => i + 6));
    a.destroy();
    b.destroy();
  });

  it('bounds the replay buffer by bytes too, evicting the oldest frames first', async () => {
    const bare = await serveStreams({ maxEvents: 100, maxBytes: 400 });
    const live = await openStream(bare);
    await live.until(/bridge events/);
    const payload = { running: true, baseUrl: `http://127.0.0.1/${'x'.repeat(60)}` };
    for (let n = 1; n <= 10; n += 1) bare.bus.emit('mockStatus', payload);
    await live.until(/^id: 10$/m);
    const frameBytes = Buffer.byteLength(`id: 10\nevent: mockStatus\ndata: ${JSON.stringify(payload)}\n\n`);
    const kept = Math.floor(400 / frameBytes);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    const b = await openStream(bare, { headers: { 'Last-Event-ID': '0' } });
    await b.until(/^id: 10$/m);
    expect(ids(b.text)).toEqual(Array.from({ length: kept }, (_, i) => 11 - kept + i));
    expect(b.text).toContain(`: replay incomplete: events 1..${10 - kept} were dropped\n\n`);
    live.destroy();
    b.destroy();
  });

  it('a refused frame spends no id and leaves the replay intact', async () => {
    const bare = await serveStreams();
    const a = await openStream(bare);
    await a.until(/bridge events/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    bare.bus.emit('mockStatus', status(1));
    bare.bus.emit('evil\ndata: forged' as 'mockStatus', status(0));
    bare.bus.emit('mockStatus', cyclic as never);
    bare.bus.emit('mockStatus', status(2));
    await a.until(/^id: 2$/m);
    const b = await openStream(bare, { headers: { 'Last-Event-ID': '0' } });
    await b.until(/^id: 2$/m);
    expect(ids(b.text)).toEqual([1, 2]);
    expect(b.text).not.toMatch(/forged|replay incomplete/);
    a.destroy();
    b.destroy();
  });

  it('ignores a Last-Event-ID that is not a plain non-negative integer, and streams from now', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 2);
    const bad = ['abc', '-1', '1.5', '1e1', '0x1', '99999999999999999999', '1, 1'];
    const streams = await Promise.all(bad.map((v) => openStream(host, { headers: { 'Last-Event-ID': v } })));
    streams.push(await openStream(host, { path: '/api/events?lastEventId=-1' }));
    for (const s of streams) expect(s.res.statusCode).toBe(200);
    await Promise.all(streams.map((s) => s.until(/bridge events/)));
    host.bus.emit('mockStatus', status(3));
    await Promise.all(streams.map((s) => s.until(/^id: 3$/m)));
    for (const s of streams) {
      expect(ids(s.text)).toEqual([3]);
      expect(s.text).not.toContain('replay incomplete');
      s.destroy();
    }
    a.destroy();
  });

  it('an id newer than any here (another process) streams from now, numbering on above it', async () => {
    const host = await startTestHost();
    const a = await tabAfter(host, 1);
    const b = await openStream(host, { headers: { 'Last-Event-ID': '41' } });
    await b.until(/bridge events/);
    host.bus.emit('mockStatus', status(2));
    await Promise.all([a.until(/^id: 42$/m), b.until(/^id: 42$/m)]);
    expect(ids(a.text)).toEqual([1, 42]);
    expect(ids(b.text)).toEqual([42]);
    expect(b.text).not.toContain('replay incomplete');
    // The replay still serves the ids it holds.
    const c = await openStream(host, { headers: { 'Last-Event-ID': '0' } });
    await c.until(/^id: 42$/m);
    expect(ids(c.text)).toEqual([1, 42]);
    for (const s of [a, b, c]) s.destroy();
  });
});
