import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from '../../../../platform/node/http-server';
import { ReplayBuffer } from '../../../../shared/replay-buffer';
import { lastEventIdOf, openSseStream, sseComment, sseEvent, type SseStream } from '../../../../platform/node/sse';
import { openStream, waitFor } from '../../host/web/event-stream-client';

/**
 * The event stream interpretation of the HTML Living Standard (server-sent events, "Interpreting an event stream"),
 * as a browser's EventSource runs it: lines end at CRLF, LF or CR; `data` values are joined with LF; a blank line
 * dispatches; lines starting with ':' are comments.
 */
function interpret(stream: string): { id: string; event: string; data: string }[] {
  const out: { id: string; event: string; data: string }[] = [];
  let data = '';
  let event = '';
  let id = '';
  for (const line of stream.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data !== '') out.push({ id, event: event || 'message', data: data.slice(0, -1) });
      data = '';
      event = '';
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') data += `${value}\n`;
    else if (name === 'event') event = value;
    else if (name === 'id') id = value;
  }
  return out;
}

const servers: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('SSE framing', () => {
  it('frames id, event and data so a client reads back exactly what was sent, whatever line ends the data holds', () => {
    const data = 'one\r\ntwo\nthree\rfour\n\nsix';
    const frame = sseEvent({ id: 7, event: 'exchange', data })!;
    expect(frame).toBe('id: 7\nevent: exchange\ndata: one\ndata: two\ndata: three\ndata: four\ndata: \ndata: six\n\n');
    expect(interpret(`${sseComment('hello\nid: 99')}${frame}`)).toEqual([
      { id: '7', event: 'exchange', data: 'one\ntwo\nthree\nfour\n\nsix' },
    ]);
  });

  it('refuses an event name that is not a plain identifier, and keeps a comment on one line', () => {
    expect(sseEvent({ event: 'evil\ndata: forged', data: '{}' })).toBeNull();
    expect(sseEvent({ event: '', data: '{}' })).toBeNull();
    expect(sseComment('a\r\nevent: forged')).toBe(': a event: forged\n\n');
  });

  it('reads Last-Event-ID from the header first, then from the named query parameter; only plain integers', () => {
    const req = (url: string, header?: string) =>
      ({ url, headers: header === undefined ? {} : { 'last-event-id': header } }) as unknown as IncomingMessage;
    expect(lastEventIdOf(req('/e?since=3', '5'), 'since')).toBe(5);
    expect(lastEventIdOf(req('/e?since=3'), 'since')).toBe(3);
    expect(lastEventIdOf(req('/e?lastEventId=3'), 'since')).toBeNull();
    for (const bad of ['abc', '-1', '1.5', '1e1', '0x1', '99999999999999999999', '1, 1'])
      expect(lastEventIdOf(req('/e', bad), 'since')).toBeNull();
  });
});

describe('ReplayBuffer', () => {
  it('numbers events from 1 and gives back those after an id, oldest first', () => {
    const b = new ReplayBuffer<string>({ maxEvents: 10, maxBytes: 1000 });
    expect([b.lastId, b.nextId, b.oldestId]).toEqual([0, 1, 1]);
    expect(['a', 'b', 'c'].map((v) => b.push(v, 1))).toEqual([1, 2, 3]);
    expect(b.after(1)).toEqual(['b', 'c']);
    expect(b.after(3)).toEqual([]);
  });

  it('is bounded in count and in bytes, dropping the oldest first and always keeping the newest', () => {
    const b = new ReplayBuffer<string>({ maxEvents: 3, maxBytes: 100 });
    for (const v of ['a', 'b', 'c', 'd']) b.push(v, 10);
    expect([b.after(0), b.oldestId]).toEqual([['b', 'c', 'd'], 2]);
    b.push('big', 85);
    expect(b.after(0)).toEqual(['d', 'big']);
    b.push('huge', 1000);
    expect([b.after(0), b.size]).toEqual([['huge'], 1]);
  });

  it('continues numbering above an id from elsewhere, and keeps numbering across clear()', () => {
    const b = new ReplayBuffer<string>({ maxEvents: 3, maxBytes: 100 });
    b.push('a', 1);
    b.continueAbove(41);
    b.continueAbove(5);
    expect(b.push('b', 1)).toBe(42);
    b.clear();
    expect([b.size, b.oldestId, b.push('c', 1)]).toEqual([0, 43, 43]);
  });
});

describe('an SSE stream over a real socket', () => {
  /** A server whose one stream replays a buffer after the client's Last-Event-ID, then carries what is published. */
  async function serve(buffer: ReplayBuffer<string>, heartbeatMs = 60_000) {
    const open = new Set<SseStream>();
    const http = await startHttpServer({
      name: 'the test stream',
      onRequest: (req, res) => {
        const stream = openSseStream(req, res, {
          greeting: 'test events',
          retryMs: 1500,
          heartbeatMs,
          headers: { 'X-Test': 'yes' },
        });
        for (const frame of buffer.after(lastEventIdOf(req, 'since') ?? 0)) stream.write(frame);
        open.add(stream);
        stream.onEnd(() => open.delete(stream));
      },
    });
    servers.push(http);
    const publish = (event: string, data: string) => {
      const frame = sseEvent({ id: buffer.nextId, event, data })!;
      buffer.push(frame, Buffer.byteLength(frame));
      for (const s of open) s.write(frame);
    };
    return { port: http.port, open, publish };
  }

  it('sends the head, greeting and retry, replays what came after Last-Event-ID, then goes live', async () => {
    const s = await serve(new ReplayBuffer({ maxEvents: 10, maxBytes: 10_000 }));
    for (const n of [1, 2, 3]) s.publish('tick', `n=${n}`);
    const client = await openStream(s, { path: '/events', headers: { 'Last-Event-ID': '1' } });
    expect(client.res.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-test': 'yes',
    });
    await client.until(/n=3/);
    s.publish('tick', 'n=4');
    await client.until(/n=4/);
    expect(client.text.startsWith(': test events\nretry: 1500\n\n')).toBe(true);
    expect(interpret(client.text)).toEqual([2, 3, 4].map((n) => ({ id: String(n), event: 'tick', data: `n=${n}` })));
    client.destroy();
    await waitFor(() => s.open.size === 0);
  });

  it('replays only what the bound kept', async () => {
    const s = await serve(new ReplayBuffer({ maxEvents: 2, maxBytes: 10_000 }));
    for (const n of [1, 2, 3, 4]) s.publish('tick', `n=${n}`);
    const client = await openStream(s, { path: '/events?since=0' });
    await client.until(/n=4/);
    expect(interpret(client.text).map((e) => e.id)).toEqual(['3', '4']);
    client.destroy();
  });

  it('writes a heartbeat comment while idle, and end() closes the response and runs the end listeners', async () => {
    const s = await serve(new ReplayBuffer({ maxEvents: 2, maxBytes: 10_000 }), 20);
    const client = await openStream(s, { path: '/events' });
    await client.until(/: heartbeat\n\n/);
    const [stream] = [...s.open];
    let ends = 0;
    stream!.onEnd(() => ends++);
    stream!.end();
    stream!.end();
    await waitFor(() => client.ended);
    expect([ends, stream!.ended, s.open.size]).toEqual([1, true, 0]);
    stream!.write('id: 9\nevent: tick\ndata: late\n\n');
    expect(client.text).not.toContain('late');
  });

  it('cuts off a client that stops reading once the unsent data passes the limit', async () => {
    let stream: SseStream | undefined;
    const http = await startHttpServer({
      name: 'the test stream',
      onRequest: (req, res) => {
        stream = openSseStream(req, res, { greeting: 'slow', maxBufferedBytes: 1024 });
      },
    });
    servers.push(http);
    const client = await openStream({ port: http.port }, { path: '/events' });
    client.res.pause();
    await waitFor(() => stream !== undefined);
    // More than any loopback socket buffer holds, so most of it stays queued in the process.
    stream!.write(`data: ${'x'.repeat(32 * 1024 * 1024)}\n\n`);
    expect(stream!.ended).toBe(false);
    stream!.write(': one more\n\n');
    expect(stream!.ended).toBe(true);
    client.destroy();
  });
});
