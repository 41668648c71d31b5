import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppStore, createMemoryBackend } from '../../../../host/store';
import { call, fileJson, historyEntry, openStore, STAMP, storeFile, tempDir, userProfile } from './helpers';

/** Writes `text` as store.json, opens the store, and checks the file was moved aside intact with a notice naming both paths. */
function openCorrupt(text: string, reason: RegExp) {
  const dir = tempDir();
  writeFileSync(storeFile(dir), text);
  const store = openStore(dir);
  const aside = join(dir, `store.corrupt-${STAMP}.json`);
  expect(readFileSync(aside, 'utf8')).toBe(text);
  expect(store.notices).toHaveLength(1);
  expect(store.notices[0]).toContain(storeFile(dir));
  expect(store.notices[0]).toContain(`It was moved to ${aside}, and OAuth Lab started with defaults.`);
  expect(store.notices[0]).toMatch(reason);
  // Defaults, and a fresh, valid file in its place.
  expect(call(store, 'profilesList').map((p) => p.id)).toEqual(['mock']);
  expect(fileJson(dir)).toMatchObject({ schemaVersion: 2, profiles: [{ id: 'mock' }] });
  return { dir, store };
}

describe('a corrupt or unreadable store file', () => {
  it('invalid JSON is moved aside to store.corrupt-<timestamp>.json, with a notice', () => {
    openCorrupt('{"schemaVersion": 2, "profiles": [', /could not be used: it is not valid JSON \(/);
  });

  it('an empty file (a crash before the first write) is moved aside too', () => {
    openCorrupt('', /it is not valid JSON/);
  });

  it('a file of the wrong shape is moved aside', () => {
    openCorrupt('[1, 2, 3]', /it is a list, expected a JSON object/);
    openCorrupt('"hello"', /it is string, expected a JSON object/);
    openCorrupt('{"profiles": []}', /it has no "schemaVersion"/);
    openCorrupt('{"schemaVersion": "two"}', /"schemaVersion" is "two", expected a whole number from 1/);
    openCorrupt('{"schemaVersion": 2, "profiles": {"id": "work"}}', /"profiles" is object, expected a list/);
    openCorrupt('{"schemaVersion": 2, "settings": []}', /"settings" is a list, expected an object/);
  });

  it('a file from a newer version is moved aside rather than misread or overwritten', () => {
    openCorrupt(
      '{"schemaVersion": 99, "profiles": []}',
      /written by a newer OAuth Lab \(schema version 99; this one reads up to 2\)/
    );
  });

  it('two corrupt files in the same millisecond get two names', () => {
    const { dir } = openCorrupt('nope', /not valid JSON/);
    writeFileSync(storeFile(dir), 'nope again');
    const store = openStore(dir);
    expect(store.notices[0]).toContain(`store.corrupt-${STAMP}-2.json`);
    expect(readdirSync(dir).sort()).toEqual([
      'exchange-history',
      'store.corrupt-2023-11-14T22-13-20-000Z-2.json',
      'store.corrupt-2023-11-14T22-13-20-000Z.json',
      'store.json',
    ]);
  });

  it('one invalid record is dropped alone, named in a notice, with a copy of the file kept', () => {
    const dir = tempDir();
    const doc = {
      schemaVersion: 2,
      profiles: [
        { ...userProfile(), oauth1: {}, oauth2: {} },
        { ...userProfile({ id: 'bad', name: 'Bad', baseUrl: 'ftp://nope' }), oauth1: {}, oauth2: {} },
        { ...userProfile({ id: 'work', name: 'Duplicate' }), oauth1: {}, oauth2: {} },
        { ...userProfile({ id: 'sneaky', name: 'Sneaky', builtIn: true }), oauth1: {}, oauth2: {} },
      ],
      tokens: [{ id: 'tok', profileId: 'work', kind: 'oauth3', token: 'x', obtainedAt: 1 }],
      history: [historyEntry(1), { ...historyEntry(2), outcome: 'maybe' }, 42],
      settings: { theme: 'dark' },
    };
    const original = JSON.stringify(doc);
    writeFileSync(storeFile(dir), original);
    const store = openStore(dir);

    expect(call(store, 'profilesList').map((p) => p.id)).toEqual(['mock', 'work']);
    expect(call(store, 'tokensList')).toEqual([]);
    expect(call(store, 'historyList').entries.map((e) => e.id)).toEqual(['h1']);
    expect(call(store, 'settingsGet').theme).toBe('dark');

    const backup = join(dir, `store.backup-${STAMP}.json`);
    expect(readFileSync(backup, 'utf8')).toBe(original);
    expect(store.notices).toHaveLength(1);
    const notice = store.notices[0]!;
    expect(notice).toMatch(/^6 records in .*store\.json did not pass validation and were left out: /);
    expect(notice).toContain('profiles[1] ("Bad"): baseUrl:');
    expect(notice).toContain('profiles[2] ("Duplicate"): the id "work" appears more than once');
    expect(notice).toContain('profiles[3] ("Sneaky"): only the mock profile ("mock") is built in');
    expect(notice).toContain('tokens[0]: kind:');
    expect(notice).toContain('history[1]: outcome:');
    expect(notice).toContain('history[2]: not an object');
    expect(notice).toContain(`The file as it was is kept at ${backup}.`);
    // The file now holds only what passed.
    expect((fileJson(dir) as { profiles: unknown[] }).profiles).toHaveLength(2);
  });

  it('invalid settings are reset to defaults and named', () => {
    const dir = tempDir();
    writeFileSync(
      storeFile(dir),
      JSON.stringify({ schemaVersion: 2, settings: { theme: 'purple', explainOpen: false } })
    );
    const store = openStore(dir);
    expect(call(store, 'settingsGet')).toMatchObject({ theme: 'system', explainOpen: true });
    expect(store.notices[0]).toContain('settings: theme:');
  });

  it('a file that cannot even be moved aside is never overwritten: the session runs on defaults in memory', () => {
    const backend = createMemoryBackend('{ not json');
    backend.moveAside = () => {
      throw new Error('EACCES: permission denied, rename');
    };
    const store = createAppStore({ backend, historyDir: tempDir() });
    expect(store.notices[0]).toMatch(
      /could not be used: it is not valid JSON .* could not be moved aside either \(EACCES: permission denied, rename\), so it is left untouched/
    );
    call(store, 'profileSave', { profile: userProfile() });
    expect(call(store, 'profilesList')).toHaveLength(2);
    expect(backend.text).toBe('{ not json');
    expect(backend.writes).toBe(0);
  });
});
