import { spawn } from 'node:child_process';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { describe, expect, it } from 'vitest';
import { createAppStore, createFileBackend } from '../../../../host/store';
import {
  call,
  failure,
  fileText,
  historyEntry,
  NOW,
  openStore,
  savedToken,
  SECRETS,
  storeFile,
  tempDir,
  userProfile,
} from './helpers';

/*
 * Two instances on one store (two browser-mode instances, the app and `oauth-lab flow --save`): every change
 * takes the store's lock, re-reads what the other wrote and applies itself to that record only, so neither
 * silently loses the other's profiles, secrets, tokens, settings or history.
 */

const ids = (store: ReturnType<typeof openStore>) => call(store, 'profilesList').map((p) => p.id);

describe('two instances on one store directory', () => {
  it('keeps both instances’ profiles and secrets (neither overwrites the other with its stale copy)', () => {
    const dir = tempDir();
    const a = openStore(dir);
    const b = openStore(dir);
    call(a, 'profileSave', { profile: userProfile({ id: 'from-a', name: 'From A' }) });
    call(b, 'profileSave', {
      profile: userProfile({ id: 'from-b', name: 'From B', oauth2: { clientId: 'b', clientSecret: 'b-SECRET' } }),
    });
    call(a, 'tokenSave', { token: savedToken({ id: 'ta', profileId: 'from-b' }) });

    const fresh = openStore(dir);
    expect(ids(fresh)).toEqual(['mock', 'from-a', 'from-b']);
    expect(call(fresh, 'profilesList')[1]!.oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
    expect(call(fresh, 'profilesList')[2]!.oauth2.clientSecret).toBe('b-SECRET');
    expect(call(fresh, 'tokensList').map((t) => [t.id, t.token])).toEqual([['ta', SECRETS.token]]);
    // Each instance sees the other's records when it lists them.
    expect(ids(a)).toEqual(['mock', 'from-a', 'from-b']);
    expect(ids(b)).toEqual(['mock', 'from-a', 'from-b']);
  });

  it('a delete in one instance stays deleted when the other saves next', () => {
    const dir = tempDir();
    const a = openStore(dir);
    const b = openStore(dir);
    call(a, 'profileSave', { profile: userProfile({ id: 'gone' }) });
    expect(call(b, 'profileDelete', { id: 'gone' })).toEqual({ deleted: true });
    call(a, 'profileSave', { profile: userProfile({ id: 'kept' }) });
    expect(ids(openStore(dir))).toEqual(['mock', 'kept']);
  });

  it('merges settings by field and history by entry', () => {
    const dir = tempDir();
    const a = openStore(dir);
    const b = openStore(dir);
    b.historyAdd({ entry: historyEntry(2) });
    call(a, 'settingsUpdate', { theme: 'dark' });
    a.historyAdd({ entry: historyEntry(1) });
    call(b, 'settingsUpdate', { explainOpen: false });
    const fresh = openStore(dir);
    expect(call(fresh, 'settingsGet')).toMatchObject({ theme: 'dark', explainOpen: false });
    expect(call(fresh, 'historyList').entries.map((e) => e.id)).toEqual(['h2', 'h1']);
    // Each instance lists what the other appended.
    expect(call(a, 'historyList').entries.map((e) => e.id)).toEqual(['h2', 'h1']);
    expect(call(b, 'historyList').entries.map((e) => e.id)).toEqual(['h2', 'h1']);
  });

  it('while another process holds the lock a change fails as store_error naming the lock, and nothing changes', () => {
    const dir = tempDir();
    openStore(dir);
    const before = fileText(dir);
    const store = createAppStore({ backend: createFileBackend({ cwd: dir, lockTimeoutMs: 50 }), now: () => NOW });
    const release = lockfile.lockSync(storeFile(dir), { realpath: false });
    try {
      const e = failure(() => call(store, 'profileSave', { profile: userProfile() }));
      expect(e.code).toBe('store_error');
      expect(e.message).toContain(`${storeFile(dir)}.lock`);
      expect(e.message).toMatch(/Another OAuth Lab .* is writing .*Nothing was changed; try again/);
      expect(e.details).toMatchObject({ path: storeFile(dir), cause: 'locked' });
      expect(fileText(dir)).toBe(before);
      expect(call(store, 'profilesList').map((p) => p.id)).toEqual(['mock']);
    } finally {
      release();
    }
    call(store, 'profileSave', { profile: userProfile() });
    expect(ids(openStore(dir))).toEqual(['mock', 'work']);
  });

  it('two real processes saving at the same time lose nothing', async () => {
    const dir = tempDir();
    openStore(dir);
    const script = join(import.meta.dirname, 'fixtures', 'save-profiles.ts');
    const run = (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, dir, prefix, '15'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let err = '';
        child.stderr.on('data', (d) => (err += d));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(err) : reject(new Error(`${prefix} exited ${code}: ${err}`))
        );
      });
    await Promise.all([run('p'), run('q')]);
    const store = openStore(dir);
    expect(store.notices).toEqual([]);
    const profiles = call(store, 'profilesList');
    expect(profiles).toHaveLength(31);
    for (const prefix of ['p', 'q'])
      for (let i = 0; i < 15; i++) {
        const id = `${prefix}-${i}`;
        expect(profiles.find((p) => p.id === id)?.oauth1.consumerSecret).toBe(`secret-${id}`);
      }
    expect(call(store, 'tokensList')).toHaveLength(30);
  }, 60_000);
});
