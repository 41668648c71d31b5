import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from '../../../../shared/store/history';
import { call, fakeCipher, fileJson, historyEntry, openStore, tempDir } from './helpers';

describe('history', () => {
  it('filters by flow, alone or with the leg', () => {
    const store = openStore(tempDir(), { cipher: fakeCipher(), historyFlushMs: 0 });
    call(store, 'historyAdd', { entry: historyEntry(1, { flow: 'oauth1', leg: 'api' }) });
    call(store, 'historyAdd', { entry: historyEntry(2, { flow: 'oauth2', leg: 'api' }) });
    call(store, 'historyAdd', { entry: historyEntry(3, { flow: 'signer', leg: 'request' }) });
    expect(call(store, 'historyList', { flow: 'oauth1', leg: 'api' }).entries.map((e) => e.id)).toEqual(['h1']);
    expect(call(store, 'historyList', { leg: 'api' }).total).toBe(2);
    expect(call(store, 'historyList', { flow: 'signer' }).entries.map((e) => e.id)).toEqual(['h3']);
    store.close();
  });

  it('keeps the newest HISTORY_LIMIT entries, newest first, and filters 5000 entries quickly', () => {
    const dir = tempDir();
    const store = openStore(dir, { cipher: fakeCipher(), historyFlushMs: 50 });
    const added = HISTORY_LIMIT + 100;
    for (let i = 1; i <= added; i++) call(store, 'historyAdd', { entry: historyEntry(i) });

    const all = call(store, 'historyList', { limit: 500 });
    expect(all.total).toBe(HISTORY_LIMIT);
    expect(all.entries[0]!.id).toBe(`h${added}`);
    expect(all.entries.map((e) => e.at)).toEqual([...all.entries.map((e) => e.at)].sort((a, b) => b - a));
    const last = call(store, 'historyList', { offset: HISTORY_LIMIT - 1, limit: 5 });
    expect(last.entries.map((e) => e.id)).toEqual(['h101']); // h1..h100 fell off
    expect(last.total).toBe(HISTORY_LIMIT);

    // Filters: total counts every match, the page is offset/limit of them.
    const work = call(store, 'historyList', { profileId: 'work', offset: 10, limit: 20 });
    expect(work.total).toBe(2500);
    expect(work.entries).toHaveLength(20);
    expect(work.entries.every((e) => e.profileId === 'work')).toBe(true);
    expect(work.entries[0]!.id).toBe(`h${added - 1 - 2 * 10}`);
    const failedTokens = call(store, 'historyList', { leg: 'token', outcome: 'failed', limit: 500 });
    const expected = Array.from({ length: HISTORY_LIMIT }, (_, k) => added - k).filter((i) => i % 3 === 0 && i % 5 === 0);
    expect(failedTokens.total).toBe(expected.length);
    expect(failedTokens.entries.map((e) => e.id)).toEqual(expected.slice(0, 500).map((i) => `h${i}`));
    expect(call(store, 'historyList', { profileId: 'nobody' })).toEqual({ entries: [], total: 0 });

    const started = performance.now();
    for (let n = 0; n < 50; n++) call(store, 'historyList', { profileId: 'work', outcome: 'succeeded', offset: n * 10, limit: 100 });
    expect((performance.now() - started) / 50).toBeLessThan(20); // ms per call; measured well under 5

    // All of it is written (once, on close) and comes back.
    store.close();
    expect((fileJson(dir).history as unknown[]).length).toBe(HISTORY_LIMIT);
    const again = openStore(dir, { cipher: fakeCipher() });
    expect(call(again, 'historyList', { limit: 3 })).toEqual({ entries: [added, added - 1, added - 2].map((i) => historyEntry(i)), total: HISTORY_LIMIT });
  });

  it('orders by time even when entries arrive out of order, and replaces an entry with the same id', () => {
    const store = openStore(tempDir());
    call(store, 'historyAdd', { entry: historyEntry(2) });
    call(store, 'historyAdd', { entry: historyEntry(3) });
    call(store, 'historyAdd', { entry: historyEntry(1) });
    call(store, 'historyAdd', { entry: { ...historyEntry(2), summary: 'replaced', at: historyEntry(9).at } });
    expect(call(store, 'historyList').entries.map((e) => [e.id, e.summary])).toEqual([
      ['h2', 'replaced'],
      ['h3', 'exchange 3'],
      ['h1', 'exchange 1'],
    ]);
  });

  it('clears, saying how many entries went', () => {
    const dir = tempDir();
    const store = openStore(dir);
    for (let i = 1; i <= 4; i++) call(store, 'historyAdd', { entry: historyEntry(i) });
    expect(call(store, 'historyClear')).toEqual({ cleared: 4 });
    expect(call(store, 'historyList')).toEqual({ entries: [], total: 0 });
    expect(fileJson(dir).history).toEqual([]);
  });

  it('keeps nothing when the user turned history off', () => {
    const store = openStore(tempDir());
    call(store, 'settingsUpdate', { keepHistory: false });
    expect(call(store, 'historyAdd', { entry: historyEntry(1) })).toEqual(historyEntry(1));
    expect(call(store, 'historyList').total).toBe(0);
  });

  it('a failed background write becomes a notice and is retried with the next change', async () => {
    const { createMemoryBackend, createAppStore } = await import('../../../../electron/services/store');
    const backend = createMemoryBackend();
    const store = createAppStore({ backend, historyFlushMs: 1 });
    backend.failWrites = new Error('EIO: i/o error, write');
    call(store, 'historyAdd', { entry: historyEntry(1) });
    await new Promise((r) => setTimeout(r, 20));
    expect(store.notices).toEqual([`The history could not be saved: Writing the store to memory/store.json failed: EIO: i/o error, write. It is kept in memory and saved with the next change.`]);
    backend.failWrites = undefined;
    store.close();
    expect(JSON.parse(backend.text!).history).toHaveLength(1);
  });
});
