import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BridgeStore } from '../../../../host/bridge/bridge-store';
import { DEFAULT_CLIENT_PRIVATE_JWK, DEFAULT_CREDENTIALS } from '../../../../mock-provider/default-credentials';
import { createAppStore, createMemoryBackend, SCHEMA_VERSION } from '../../../../host/store';
import { perUserStoreDirectory } from '../../../../host/store/file-backend';
import { MOCK_PROFILE_ID } from '../../../../shared/store/profile';
import {
  call,
  failure,
  fileJson,
  fileText,
  historyEntry,
  historyLines,
  modeOf,
  NOW,
  openStore,
  savedToken,
  storeFile,
  tempDir,
  userProfile,
} from './helpers';

describe('store persistence', () => {
  it('starts with the built-in mock profile and default settings, and creates store.json', () => {
    const dir = tempDir();
    const store = openStore(dir);
    const [mock, ...rest] = call(store, 'profilesList');
    expect(rest).toEqual([]);
    expect(mock).toMatchObject({
      id: MOCK_PROFILE_ID,
      name: 'Mock provider',
      builtIn: true,
      baseUrl: '',
      callbackPort: 8765,
      callbackPath: '/callback',
    });
    expect(mock!.oauth1).toMatchObject({
      consumerKey: DEFAULT_CREDENTIALS.consumer.key,
      consumerSecret: DEFAULT_CREDENTIALS.consumer.secret,
    });
    expect(mock!.oauth2).toMatchObject({
      clientId: DEFAULT_CREDENTIALS.client.id,
      clientSecret: DEFAULT_CREDENTIALS.client.secret,
      assertionKey: JSON.stringify(DEFAULT_CLIENT_PRIVATE_JWK),
    });
    expect(call(store, 'settingsGet')).toEqual({
      theme: 'system',
      activeProfileId: 'mock',
      explainOpen: true,
      keepHistory: true,
      historyMaxMB: 256,
    });
    expect(store.notices).toEqual([]);
    expect(store.path).toBe(storeFile(dir));
    expect(fileJson(dir)).toMatchObject({ schemaVersion: SCHEMA_VERSION, tokens: [] });
    expect(fileJson(dir)).not.toHaveProperty('history'); // kept apart, in its own files
  });

  it("the built-in profile saved without a private key (an earlier version's) is loaded with its client's demo key", () => {
    const dir = tempDir();
    const a = openStore(dir);
    const mock = call(a, 'profilesList')[0]!;
    call(a, 'profileSave', { profile: { ...mock, oauth2: { ...mock.oauth2, assertionKey: '' } } });
    expect(fileText(dir)).not.toContain(DEFAULT_CLIENT_PRIVATE_JWK.d);
    const [loaded] = call(openStore(dir), 'profilesList');
    expect(loaded!.oauth2.assertionKey).toBe(JSON.stringify(DEFAULT_CLIENT_PRIVATE_JWK));
  });

  it('round-trips profiles, tokens, history and settings through a new instance on the same directory', () => {
    const dir = tempDir();
    const a = openStore(dir);
    const profile = call(a, 'profileSave', { profile: userProfile() });
    const token = call(a, 'tokenSave', { token: savedToken({ expiresAt: NOW + 3_600_000 }) });
    for (let i = 1; i <= 3; i++) a.historyAdd({ entry: historyEntry(i) });
    const settings = call(a, 'settingsUpdate', { theme: 'dark', activeProfileId: 'work' });
    const mock = call(a, 'profileSave', { profile: { ...call(a, 'profilesList')[0]!, callbackPort: 9999 } });

    const b = openStore(dir);
    expect(b.notices).toEqual([]);
    expect(call(b, 'profilesList')).toEqual([mock, profile]);
    expect(call(b, 'tokensList')).toEqual([token]);
    expect(call(b, 'historyList')).toEqual({
      entries: [3, 2, 1].map((i) => historyEntry(i)),
      total: 3,
      usage: {
        entries: 3,
        bytes: expect.any(Number),
        maxBytes: 256 * 1024 * 1024,
        location: join(dir, 'exchange-history'),
      },
    });
    expect(call(b, 'settingsGet')).toEqual(settings);
    expect(settings).toMatchObject({ theme: 'dark', activeProfileId: 'work', keepHistory: true });
  });

  it('writes each exchange at once, to the history directory and not to store.json', () => {
    const dir = tempDir();
    const store = openStore(dir);
    const before = fileText(dir);
    store.historyAdd({ entry: historyEntry(1) });
    expect(historyLines(dir).map((l) => l.id)).toEqual(['h1']);
    store.historyAdd({ entry: historyEntry(2) });
    expect(historyLines(dir).map((l) => l.id)).toEqual(['h1', 'h2']);
    expect(fileText(dir)).toBe(before);
  });

  it('a disk failure is store_error naming the path, and the change is undone', () => {
    const backend = createMemoryBackend();
    const store = createAppStore({ backend, historyDir: tempDir() });
    backend.failWrites = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const e = failure(() => call(store, 'profileSave', { profile: userProfile() }));
    expect(e.code).toBe('store_error');
    expect(e.message).toContain('memory/store.json');
    expect(e.message).toContain('ENOSPC');
    expect(call(store, 'profilesList').map((p) => p.id)).toEqual(['mock']);
    backend.failWrites = undefined;
    call(store, 'profileSave', { profile: userProfile() });
    expect(JSON.parse(backend.text!).profiles).toHaveLength(2);
  });

  it('fits the bridge: AppStore is a BridgeStore', () => {
    const store: BridgeStore = openStore(tempDir());
    expect(store.secretStorage).toBe('file');
  });

  it('keeps the per-user store where earlier versions (on conf) kept it: <config home>/oauth-lab-nodejs', () => {
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = '/config-home';
    try {
      expect(perUserStoreDirectory()).toBe('/config-home/oauth-lab-nodejs');
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
    }
  });

  it('tightens a store file another version left readable by others', () => {
    const dir = tempDir();
    openStore(dir);
    chmodSync(storeFile(dir), 0o644);
    openStore(dir);
    expect(modeOf(storeFile(dir))).toBe(0o600);
  });

  it('an existing empty object is an empty store, not a corrupt one', () => {
    const dir = tempDir();
    writeFileSync(storeFile(dir), '{}');
    const store = openStore(dir);
    expect(store.notices).toEqual([]);
    expect(fileJson(dir).schemaVersion).toBe(SCHEMA_VERSION);
  });
});
