import { appendFileSync, mkdirSync, openSync, closeSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEntry } from '../../shared/store/history';
import { encodeEntry } from '../../host/store/history/history-codec';
import { SecretBox } from '../../host/store/secrets';

/**
 * A history on disk in the store's own format, written quickly: `count` exchanges whose response bodies add up
 * to `bodyBytes`, each body a sparse file (its size set, no data written), 2,000 lines per segment as the store
 * rolls them. The lines are the codec's, so the store reads them as its own.
 */
export function writeHistoryFixture(historyDir: string, count: number, bodyBytes: number): void {
  const box = new SecretBox(undefined);
  const each = Math.ceil(bodyBytes / count);
  let segment = 0;
  let lines: string[] = [];
  const flush = () => {
    if (lines.length)
      appendFileSync(join(historyDir, String(segment).padStart(8, '0'), 'entries.jsonl'), lines.join(''));
    lines = [];
  };
  for (let i = 0; i < count; i++) {
    if (i % 2000 === 0) {
      flush();
      segment++;
      mkdirSync(join(historyDir, String(segment).padStart(8, '0')), { recursive: true });
    }
    const base = exchangeEntry(i, '');
    const fileBase = i.toString(16).padStart(16, '0');
    const { line } = encodeEntry(base, box, fileBase);
    const file = `${fileBase}.response`;
    const fd = openSync(join(historyDir, String(segment).padStart(8, '0'), file), 'w', 0o600);
    ftruncateSync(fd, each);
    closeSync(fd);
    lines.push(
      `${JSON.stringify({ ...line, bodies: { response: { file, length: each, size: each, form: 'text', sealed: false } } })}\n`
    );
  }
  flush();
}

/**
 * A history of `count` small exchanges (a short JSON response kept in the line, about 600 bytes each), 2,000 lines
 * per segment as the store rolls them: 150,000 of them are the 87 MB history that once took every CLI call 16 s.
 */
export function writeSmallHistoryFixture(historyDir: string, count: number): void {
  const box = new SecretBox(undefined);
  for (let first = 0; first < count; first += 2000) {
    const segment = join(historyDir, String(first / 2000 + 1).padStart(8, '0'));
    mkdirSync(segment, { recursive: true });
    const lines: string[] = [];
    for (let i = first; i < Math.min(count, first + 2000); i++)
      lines.push(
        `${JSON.stringify(encodeEntry(exchangeEntry(i, `{"id":${i},"name":"item ${i}"}`), box, i.toString(16).padStart(16, '0')).line)}\n`
      );
    appendFileSync(join(segment, 'entries.jsonl'), lines.join(''));
  }
}

/** An API exchange as the flows record it, with `body` as its response body. */
export function exchangeEntry(i: number, body: string): HistoryEntry {
  return {
    id: `bench-${i}`,
    profileId: 'mock',
    flow: 'oauth1',
    leg: 'api',
    outcome: 'succeeded',
    summary: `GET /api/v1/items answered 200 (exchange ${i}).`,
    at: 1_700_000_000_000 + i,
    exchange: {
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:4010/api/v1/items',
        headers: [
          [
            'Authorization',
            'OAuth oauth_consumer_key="demo-consumer", oauth_signature_method="HMAC-SHA1", oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"',
          ],
        ],
      },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['Content-Type', 'application/json']],
        bodyText: body,
        bodySize: body.length,
      },
      timings: { connect: 0.4, tls: null, firstByte: 2.1, total: 2.6 },
      startedAt: 1_700_000_000_000 + i,
    },
  };
}
