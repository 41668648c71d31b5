import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, Harness, signed } from './helpers';
import { raw } from './raw-socket';

/** The provider's limits over raw sockets: bodies over 1 MiB and slow clients are cut off, and the server goes on. */
const h = new Harness({ timeouts: { headersMs: 1500, requestMs: 2500, checkIntervalMs: 200 } });
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('request limits', () => {
  it('bodies over 1 MiB get 413 (declared and chunked) and the server goes on', async () => {
    const port = Number(new URL(h.base).port);
    const big = Buffer.alloc(1024 * 1024 + 100, 0x61);
    for (const path of ['/oauth/v1/request_token', '/oauth/v2/token', '/_mock/settings']) {
      const declared = await raw(port, [
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: ${h.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${big.length}\r\n\r\n`
        ),
        big,
      ]);
      expect(declared.status).toBe(413);
      const chunks = [Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${h.host}\r\nTransfer-Encoding: chunked\r\n\r\n`)];
      for (let i = 0; i < 20; i++)
        chunks.push(
          Buffer.concat([
            Buffer.from(`${(64 * 1024).toString(16)}\r\n`),
            Buffer.alloc(64 * 1024, 0x62),
            Buffer.from('\r\n'),
          ])
        );
      const chunked = await raw(port, chunks);
      expect(chunked.status).toBe(413);
    }
    expect((await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK })).status).toBe(200);
  });

  it('slow clients are cut off with 408 while others are served', { timeout: 20_000 }, async () => {
    const port = Number(new URL(h.base).port);
    const head = `POST /oauth/v2/token HTTP/1.1\r\nHost: ${h.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n`;
    // Headers trickling in one byte every 100 ms, and a body that never completes.
    const slowHeaders = raw(
      port,
      [...Buffer.from(head)].map((b) => Buffer.from([b])),
      100,
      10_000,
      false
    );
    const stalledBody = raw(port, [Buffer.from(`${head}grant_type=`)], 0, 10_000, false);
    const silent = raw(port, [], 0, 10_000, false);
    await new Promise((res) => setTimeout(res, 300));
    expect((await signed(h, { path: '/oauth/v1/request_token', callback: CALLBACK })).status).toBe(200);
    const outcomes = await Promise.all([slowHeaders, stalledBody, silent]);
    for (const o of outcomes) expect(o.status === null || o.status === 408, JSON.stringify(o)).toBe(true);
    expect(outcomes.filter((o) => o.status === 408).length).toBeGreaterThanOrEqual(2);
  });
});
