import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_PREVIEW_CHARS, type HistoryEntry } from '../../../../shared/store/history';
import {
  call,
  failure,
  fakeCipher,
  fileJson,
  historyDir,
  historyEntry,
  historyFiles,
  historyLines,
  historyText,
  openStore,
  SECRETS,
  storeFile,
  tempDir,
} from './helpers';

const MiB = 1024 * 1024;

/** An exchange whose response body is `size` characters long, with a secret at its very end. */
function bigEntry(i: number, size: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  const base = historyEntry(i, over);
  const bodyText = `${'x'.repeat(size - SECRETS.bodySecret.length)}${SECRETS.bodySecret}`;
  return {
    ...base,
    exchange: {
      ...base.exchange,
      response: {
        ...base.exchange.response,
        bodyText,
        bodySize: size,
        bodyBase64: Buffer.from(bodyText).toString('base64'),
      },
    },
  };
}

describe('history', () => {
  it('filters by flow, alone or with the leg', () => {
    const store = openStore(tempDir(), { cipher: fakeCipher() });
    store.historyAdd({ entry: historyEntry(1, { flow: 'oauth1', leg: 'api' }) });
    store.historyAdd({ entry: historyEntry(2, { flow: 'oauth2', leg: 'api' }) });
    store.historyAdd({ entry: historyEntry(3, { flow: 'signer', leg: 'request' }) });
    expect(call(store, 'historyList', { flow: 'oauth1', leg: 'api' }).entries.map((e) => e.id)).toEqual(['h1']);
    expect(call(store, 'historyList', { leg: 'api' }).total).toBe(2);
    expect(call(store, 'historyList', { flow: 'signer' }).entries.map((e) => e.id)).toEqual(['h3']);
  });

  it('pages newest first with filters, and reads it all back in a new instance', () => {
    const dir = tempDir();
    const store = openStore(dir, { cipher: fakeCipher() });
    const added = 600;
    for (let i = 1; i <= added; i++) store.historyAdd({ entry: historyEntry(i) });
    const all = call(store, 'historyList', { limit: 500 });
    expect(all.total).toBe(added);
    expect(all.entries[0]!.id).toBe(`h${added}`);
    expect(all.entries.map((e) => e.at)).toEqual([...all.entries.map((e) => e.at)].sort((a, b) => b - a));
    const work = call(store, 'historyList', { profileId: 'work', offset: 10, limit: 20 });
    expect(work.total).toBe(300);
    expect(work.entries.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, k) => `h${added - 1 - 2 * (10 + k)}`));
    const failedTokens = call(store, 'historyList', { leg: 'token', outcome: 'failed', limit: 500 });
    expect(failedTokens.entries.map((e) => e.id)).toEqual(
      Array.from({ length: added }, (_, k) => added - k)
        .filter((i) => i % 15 === 0)
        .map((i) => `h${i}`)
    );
    expect(call(store, 'historyList', { profileId: 'nobody' })).toMatchObject({ entries: [], total: 0 });

    const again = openStore(dir, { cipher: fakeCipher() });
    expect(call(again, 'historyList', { limit: 3 })).toMatchObject({
      entries: [added, added - 1, added - 2].map((i) => historyEntry(i)),
      total: added,
    });
  });

  it('orders by time even when entries arrive out of order, and replaces an entry with the same id', () => {
    const dir = tempDir();
    const store = openStore(dir);
    store.historyAdd({ entry: historyEntry(2) });
    store.historyAdd({ entry: historyEntry(3) });
    store.historyAdd({ entry: historyEntry(1) });
    store.historyAdd({ entry: { ...historyEntry(2), summary: 'replaced', at: historyEntry(9).at } });
    const expected = [
      ['h2', 'replaced'],
      ['h3', 'exchange 3'],
      ['h1', 'exchange 1'],
    ];
    expect(call(store, 'historyList').entries.map((e) => [e.id, e.summary])).toEqual(expected);
    expect(call(openStore(dir), 'historyList').entries.map((e) => [e.id, e.summary])).toEqual(expected);
  });

  it('clears, saying how many entries went, and removes their files', () => {
    const dir = tempDir();
    const store = openStore(dir);
    for (let i = 1; i <= 4; i++) store.historyAdd({ entry: historyEntry(i) });
    store.historyAdd({ entry: bigEntry(5, 100_000) });
    expect(call(store, 'historyClear')).toEqual({ cleared: 5 });
    expect(call(store, 'historyList')).toMatchObject({ entries: [], total: 0, usage: { entries: 0, bytes: 0 } });
    expect(historyFiles(dir)).toEqual([]);
  });

  it('keeps nothing when the user turned history off', () => {
    const store = openStore(tempDir());
    call(store, 'settingsUpdate', { keepHistory: false });
    expect(store.historyAdd({ entry: historyEntry(1) })).toEqual(historyEntry(1));
    expect(call(store, 'historyList').total).toBe(0);
  });
});

describe('history bodies', () => {
  it('keeps a large body once, in its own file; the list shows its start and historyBody the rest', () => {
    const dir = tempDir();
    const store = openStore(dir);
    const entry = bigEntry(1, 300_000);
    store.historyAdd({ entry });
    const [line] = historyLines(dir);
    // The line holds neither the text nor its base64 copy.
    expect(JSON.stringify(line).length).toBeLessThan(4_000);
    expect(line!.base64).toBe('derived');
    const bodyFiles = historyFiles(dir).filter((f) => f.endsWith('.response'));
    expect(bodyFiles).toHaveLength(1);
    expect(statSync(bodyFiles[0]!).size).toBe(300_000); // the body once: not text and base64
    expect(historyText(dir)).not.toContain(
      Buffer.from(entry.exchange.response.bodyText).toString('base64').slice(0, 100)
    );

    const listed = call(store, 'historyList').entries[0]!;
    expect(listed.cut).toEqual({ response: 300_000 });
    expect(listed.exchange.response.bodyText).toBe(entry.exchange.response.bodyText.slice(0, HISTORY_PREVIEW_CHARS));
    expect(listed.exchange.response.bodyBase64).toBeUndefined();
    expect(listed.exchange.request).toEqual(entry.exchange.request);

    const rest = call(store, 'historyBody', { id: 'h1', part: 'response', offset: HISTORY_PREVIEW_CHARS });
    expect(rest).toEqual({
      text: entry.exchange.response.bodyText.slice(HISTORY_PREVIEW_CHARS),
      offset: HISTORY_PREVIEW_CHARS,
      total: 300_000,
    });
    expect(call(store, 'historyBody', { id: 'h1', part: 'request', offset: 0, length: 10 })).toEqual({
      text: entry.exchange.request.body!.slice(0, 10),
      offset: 0,
      total: entry.exchange.request.body!.length,
    });
    expect(store.historyFull('h1')).toEqual(entry);
    expect(failure(() => call(store, 'historyBody', { id: 'nope', part: 'response' })).code).toBe('not_found');
  });

  it('a binary response keeps its exact bytes (base64 round-trips), stored once', () => {
    const dir = tempDir();
    const store = openStore(dir);
    const bytes = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 256));
    const base = historyEntry(1);
    const entry: HistoryEntry = {
      ...base,
      exchange: {
        ...base.exchange,
        response: {
          ...base.exchange.response,
          bodyText: bytes.toString('utf8'),
          bodyBase64: bytes.toString('base64'),
          bodySize: bytes.length,
        },
      },
    };
    store.historyAdd({ entry });
    const file = historyFiles(dir).find((f) => f.endsWith('.response'))!;
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(openStore(dir).historyFull('h1')).toEqual(entry);
  });

  it('with the keychain, large bodies are sealed too: no secret in any history file', () => {
    const dir = tempDir();
    const store = openStore(dir, { cipher: fakeCipher() });
    const entry = bigEntry(1, 50_000);
    store.historyAdd({ entry });
    const text = historyText(dir);
    for (const secret of Object.values(SECRETS)) expect(text, secret).not.toContain(secret);
    expect(openStore(dir, { cipher: fakeCipher() }).historyFull('h1')).toEqual(entry);
    expect(call(store, 'historyBody', { id: 'h1', part: 'response', offset: 49_000 }).text).toBe(
      entry.exchange.response.bodyText.slice(49_000)
    );
  });
});

describe('history bound', () => {
  it('removes the oldest exchanges beyond the size bound, and a lower bound applies at once', () => {
    const dir = tempDir();
    const store = openStore(dir);
    call(store, 'settingsUpdate', { historyMaxMB: 2 });
    for (let i = 1; i <= 60; i++) store.historyAdd({ entry: bigEntry(i, 100_000) });
    const page = call(store, 'historyList', { limit: 500 });
    expect(page.usage.bytes).toBeLessThanOrEqual(2 * MiB);
    expect(page.usage.bytes).toBeGreaterThan(1.5 * MiB);
    expect(page.usage.maxBytes).toBe(2 * MiB);
    expect(page.entries[0]!.id).toBe('h60');
    // What is kept is the newest, without gaps.
    expect(page.entries.map((e) => e.id)).toEqual(Array.from({ length: page.total }, (_, k) => `h${60 - k}`));
    expect(page.total).toBeLessThan(21);

    call(store, 'settingsUpdate', { historyMaxMB: 1 });
    const smaller = call(store, 'historyList', { limit: 500 });
    expect(smaller.usage.bytes).toBeLessThanOrEqual(1 * MiB);
    expect(smaller.entries[0]!.id).toBe('h60');
    const onDisk = historyFiles(dir).reduce((n, f) => n + statSync(f).size, 0);
    expect(onDisk).toBe(smaller.usage.bytes);
  });

  it('refuses a bound that is not a whole number of MiB from 1', () => {
    const store = openStore(tempDir());
    expect(() => call(store, 'settingsUpdate', { historyMaxMB: 0 })).toThrow(/historyMaxMB|at least 1 MiB/);
  });
});

describe('history files', () => {
  it('moves an older store.json history into its own files once, and store.json drops it', () => {
    const dir = tempDir();
    const legacy = [historyEntry(1), historyEntry(2)];
    writeFileSync(
      storeFile(dir),
      JSON.stringify({ schemaVersion: 2, profiles: [], tokens: [], history: legacy, settings: {} })
    );
    const store = openStore(dir);
    expect(store.notices).toEqual([]);
    expect(fileJson(dir)).not.toHaveProperty('history');
    expect(call(store, 'historyList').entries).toEqual([historyEntry(2), historyEntry(1)]);
    expect(call(openStore(dir), 'historyList').total).toBe(2);
    expect(historyLines(dir)).toHaveLength(2);
  });

  it('an exchange cut short by a crash is left out, and the next one is appended cleanly', () => {
    const dir = tempDir();
    openStore(dir).historyAdd({ entry: historyEntry(1) });
    const segment = historyFiles(dir).find((f) => f.endsWith('entries.jsonl'))!;
    appendFileSync(segment, '{"id":"h2","profileId":"wo');
    const store = openStore(dir);
    expect(call(store, 'historyList').entries.map((e) => e.id)).toEqual(['h1']);
    store.historyAdd({ entry: historyEntry(3) });
    expect(call(openStore(dir), 'historyList').entries.map((e) => e.id)).toEqual(['h3', 'h1']);
    expect(readFileSync(segment, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a failing history write is store_error naming the history directory', () => {
    const dir = tempDir();
    const store = openStore(dir);
    rmSync(historyDir(dir), { recursive: true });
    writeFileSync(historyDir(dir), 'not a directory');
    const e = failure(() => store.historyAdd({ entry: historyEntry(1) }));
    expect(e.code).toBe('store_error');
    expect(e.message).toContain(historyDir(dir));
    expect(readdirSync(dir)).toContain('exchange-history');
  });

  it('a history directory that cannot be opened is a notice; the store works and history calls are store_error', () => {
    const dir = tempDir();
    writeFileSync(historyDir(dir), 'not a directory');
    const store = openStore(dir);
    expect(store.notices).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The history in ${historyDir(dir)} cannot be opened \\(.*\\): exchanges are not recorded in this session`
        )
      ),
    ]);
    call(store, 'profileSave', { profile: { id: 'p', name: 'P', baseUrl: 'https://api.example.com' } as never });
    expect(call(store, 'profilesList')).toHaveLength(2);
    const e = failure(() => call(store, 'historyList'));
    expect(e.code).toBe('store_error');
    expect(e.message).toContain(historyDir(dir));
  });

  it('segments: a new one starts when the current one is full, and each holds its own body files', () => {
    const dir = tempDir();
    const store = openStore(dir);
    call(store, 'settingsUpdate', { historyMaxMB: 8 });
    for (let i = 1; i <= 12; i++) store.historyAdd({ entry: bigEntry(i, 100_000) });
    const segments = readdirSync(historyDir(dir)).filter((n) => /^\d{8}$/.test(n));
    expect(segments.length).toBeGreaterThan(1);
    for (const s of segments) expect(readdirSync(join(historyDir(dir), s))).toContain('entries.jsonl');
    expect(call(openStore(dir), 'historyList').total).toBe(12);
  });
});
