import { afterEach, describe, expect, it } from 'vitest';
import { sseFrame } from '../../../../host/web/event-stream';
import type { BridgeEventMessage } from '../../../../shared/bridge/api';
import { closeBareServers, openStream, serveStreams, waitFor } from './event-stream-client';
import { send, startTestHost, type TestHost } from './helpers';

afterEach(closeBareServers);

/** Counts subscribers, to see a stream unsubscribe when its tab goes away. */
function subscribers(host: TestHost): () => number {
  let count = 0;
  const original = host.bus.subscribe.bind(host.bus);
  host.bus.subscribe = (listener) => {
    count += 1;
    const off = original(listener);
    return () => {
      count -= 1;
      return off();
    };
  };
  return () => count;
}

describe('web host: GET /api/events (Server-Sent Events)', () => {
  it('delivers an emitted event as `event: <name>` and a JSON `data:` line', async () => {
    const host = await startTestHost();
    const stream = await openStream(host);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toBe('no-store');
    expect(stream.res.headers['access-control-allow-origin']).toBeUndefined();
    await stream.until(/OAuth Lab bridge events/);
    host.bus.emit('mockStatus', { running: true, baseUrl: 'http://127.0.0.1:4000' });
    host.bus.emit('catcherWaitEnded', { waitId: 'w1', code: 'timeout', message: 'line one\nline two' });
    const text = await stream.until(/catcherWaitEnded/);
    expect(text).toContain('event: mockStatus\ndata: {"running":true,"baseUrl":"http://127.0.0.1:4000"}\n\n');
    expect(text).toContain(
      'event: catcherWaitEnded\ndata: {"waitId":"w1","code":"timeout","message":"line one\\nline two"}\n\n'
    );
    stream.destroy();
  });

  it('fans out to every open stream, and sends a heartbeat comment', async () => {
    const host = await startTestHost({ heartbeatMs: 30 });
    const a = await openStream(host);
    const b = await openStream(host);
    await Promise.all([a.until(/: heartbeat\n\n/), b.until(/: heartbeat\n\n/)]);
    host.bus.emit('mockStatus', { running: false, baseUrl: null });
    await Promise.all([a.until(/event: mockStatus/), b.until(/event: mockStatus/)]);
    a.destroy();
    b.destroy();
  });

  it('holds one feed subscription for all tabs, kept (for replay) when a tab goes away', async () => {
    const bare = await serveStreams();
    expect(bare.feedSubscribers()).toBe(0);
    const a = await openStream(bare);
    const b = await openStream(bare);
    await Promise.all([a.until(/bridge events/), b.until(/bridge events/)]);
    expect(bare.streams.size).toBe(2);
    expect(bare.feedSubscribers()).toBe(1);
    a.destroy();
    b.destroy();
    await waitFor(() => bare.streams.size === 0);
    expect(bare.feedSubscribers()).toBe(1);
    bare.streams.closeAll();
    expect(bare.feedSubscribers()).toBe(0);
  });

  it('close() ends open streams and the server, so the process can exit', async () => {
    const host = await startTestHost({ heartbeatMs: 20 });
    const count = subscribers(host);
    const stream = await openStream(host);
    await stream.until(/bridge events/);
    await host.close();
    await waitFor(() => stream.ended || stream.res.destroyed);
    expect(count()).toBe(0);
    await expect(send(host.port, { path: '/', headers: host.authed() })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    await host.close(); // twice is fine
  });

  it('writes only safe frames: plain event names, JSON payloads', () => {
    expect(sseFrame({ event: 'mockStatus', payload: { a: 'x\r\ny' } } as BridgeEventMessage)).toBe(
      'event: mockStatus\ndata: {"a":"x\\r\\ny"}\n\n'
    );
    expect(sseFrame({ event: 'evil\ndata: forged', payload: {} } as unknown as BridgeEventMessage)).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(sseFrame({ event: 'mockStatus', payload: cyclic } as BridgeEventMessage)).toBeNull();
  });

  it('takes GET only', async () => {
    const host = await startTestHost();
    const r = await send(host.port, {
      method: 'POST',
      path: '/api/events',
      headers: host.authed({ 'Content-Type': 'application/json' }),
      body: '{}',
    });
    expect(r.status).toBe(405);
  });
});
