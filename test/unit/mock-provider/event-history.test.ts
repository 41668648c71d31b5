import { describe, expect, it } from 'vitest';
import { ok } from '../../../mock-provider/context';
import { eventRecord } from '../../../mock-provider/event-record';
import { EventHub, HISTORY_LIMIT } from '../../../mock-provider/events';
import { makeRequest, reply } from '../../../mock-provider/http';

/** The record of one POST with a body of `size` bytes, as the server makes it. */
function record(size: number, note = '') {
  const body = Buffer.alloc(size, 'a');
  const request = makeRequest(
    'POST',
    `/api/v1/me?note=${note}`,
    ['Host', '127.0.0.1:1', 'Content-Length', String(size)],
    body
  );
  return eventRecord(
    request,
    { endpoint: 'mock.api.v1.me', reply: reply(200, 'text/plain; charset=utf-8', 'ok'), verdict: ok('fine') },
    Date.now(),
    () => '127.0.0.1:1',
    1,
    Date.now(),
    null
  );
}

describe('event history bounds', () => {
  it('keeps the last 500 events of small requests', () => {
    const hub = new EventHub();
    for (let i = 0; i < HISTORY_LIMIT + 100; i++) hub.publish(record(10, String(i)));
    const kept = hub.recent();
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.exchange.request.url).toContain(`note=100`);
    expect(kept.at(-1)!.exchange.request.url).toContain(`note=${HISTORY_LIMIT + 99}`);
  });

  it('keeps fewer events when their bodies are large, dropping the oldest first, so the history stays bounded in bytes', () => {
    const hub = new EventHub(HISTORY_LIMIT, 1_000_000);
    for (let i = 0; i < 10; i++) hub.publish(record(200_000, String(i)));
    expect(hub.recent().map((e) => new URL(e.exchange.request.url).searchParams.get('note'))).toEqual(['8', '9']);
    // Small requests after them push the large ones out only as far as needed.
    for (let i = 10; i < 20; i++) hub.publish(record(10, String(i)));
    expect(hub.recent().map((e) => new URL(e.exchange.request.url).searchParams.get('note'))).toEqual([
      '8',
      '9',
      ...Array.from({ length: 10 }, (_, i) => String(10 + i)),
    ]);
  });

  it('always keeps the newest event, even one larger than the whole bound', () => {
    const hub = new EventHub(HISTORY_LIMIT, 1_000);
    hub.publish(record(10, 'small'));
    hub.publish(record(50_000, 'big'));
    expect(hub.recent().map((e) => new URL(e.exchange.request.url).searchParams.get('note'))).toEqual(['big']);
    hub.clear();
    hub.publish(record(10, 'after'));
    expect(hub.recent()).toHaveLength(1);
  });
});
