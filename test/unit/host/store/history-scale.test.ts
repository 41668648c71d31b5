import { describe, expect, it, vi } from 'vitest';
import { writeSmallHistoryFixture, exchangeEntry } from '../../../bench/history-fixture';
import { call, historyDir, openStore, tempDir } from './helpers';

/**
 * Opening the store and appending an exchange (what every CLI `flow` and `call` does) reads only the newest
 * segment's lines, whatever the history holds; a list reads them all. Counted as JSON parses, never timed (the
 * speed is `npm run bench`'s, test/bench/history.bench.ts).
 */
function parsesToOpenAndAppend(entries: number): { parses: number; dir: string } {
  const dir = tempDir();
  writeSmallHistoryFixture(historyDir(dir), entries);
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const store = openStore(dir);
    store.historyAdd({ entry: exchangeEntry(entries, 'appended') });
    return { parses: parse.mock.calls.length, dir };
  } finally {
    parse.mockRestore();
  }
}

describe('history at scale', () => {
  it('opening and appending parse as many lines at 20,000 entries as at 4,000', () => {
    const small = parsesToOpenAndAppend(4_000);
    const large = parsesToOpenAndAppend(20_000);
    expect(large.parses).toBe(small.parses);
    expect(large.parses).toBeLessThan(2_100); // the newest segment's 2,000 lines and the store file
  });

  it('a list after such an append still sees every entry, newest first, and the same bytes on disk', () => {
    const { dir } = parsesToOpenAndAppend(6_000);
    const reopened = openStore(dir);
    const store = openStore(dir);
    store.historyAdd({ entry: exchangeEntry(6_001, 'appended after the other store opened') });
    const page = call(store, 'historyList', { limit: 3 });
    expect(page.total).toBe(6_002);
    expect(page.entries.map((e) => e.id)).toEqual(['bench-6001', 'bench-6000', 'bench-5999']);
    // The other instance, opened before that append, takes it in and agrees on what the files hold.
    const seen = call(reopened, 'historyList', { limit: 1 });
    expect(seen.entries[0]!.id).toBe('bench-6001');
    expect(seen.usage).toEqual(page.usage);
  });

  it('an entry replaced by a later line with its id is listed once, as the later line', () => {
    const dir = tempDir();
    writeSmallHistoryFixture(historyDir(dir), 4_001);
    const store = openStore(dir);
    store.historyAdd({ entry: { ...exchangeEntry(10, 'again'), outcome: 'failed', summary: 'judged again' } });
    const reopened = openStore(dir);
    for (const s of [store, reopened]) {
      const all = call(s, 'historyList', { limit: 500, offset: 4_001 - 20 });
      expect(all.total).toBe(4_001);
      const tenth = all.entries.filter((e) => e.id === 'bench-10');
      expect(tenth.map((e) => e.summary)).toEqual(['judged again']);
    }
  });
});
