import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRecorded } from '../../../../host/store/history/record-exchange';
import type { HistoryEntry } from '../../../../shared/store/history';

// The host records a sent exchange once, with the leg's verdict when the leg gives one (the flow driver's).
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const record = { id: 'r1', profileId: 'p', flow: 'oauth2' as const, leg: 'token' };

function recordInto(verdictOf?: () => { outcome: 'succeeded' | 'failed'; summary: string }) {
  const written: HistoryEntry[] = [];
  const recording = { history: { historyAdd: ({ entry }: { entry: HistoryEntry }) => written.push(entry) }, record };
  return { written, recording: { ...recording, now: () => 5, ...(verdictOf ? { verdictOf } : {}) } };
}

describe('the verdict an exchange is recorded with', () => {
  it("is the leg's own when it gives one, written once", async () => {
    const { written, recording } = recordInto(() => ({
      outcome: 'failed',
      summary: 'The response breaks the interface.',
    }));
    await sendRecorded({ method: 'GET', url, headers: [] }, {}, recording);
    expect(written.map((e) => [e.outcome, e.summary])).toEqual([['failed', 'The response breaks the interface.']]);
  });

  it("is the host's (by the status) when the leg cannot judge: the exchange is recorded and returned all the same", async () => {
    const { written, recording } = recordInto(() => {
      throw new Error('cannot judge');
    });
    const exchange = await sendRecorded({ method: 'GET', url, headers: [] }, {}, recording);
    expect(exchange.response.status).toBe(200);
    expect(written.map((e) => [e.outcome, e.summary])).toEqual([['succeeded', `GET ${url} → 200 OK`]]);
  });
});
