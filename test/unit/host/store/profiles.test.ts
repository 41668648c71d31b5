import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT } from '../../../../host/store';
import { call, failure, openStore, SECRETS, savedToken, tempDir, userProfile } from './helpers';

const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('profiles', () => {
  it('the built-in mock profile cannot be deleted, but can be edited, and stays first and built in', () => {
    const dir = tempDir();
    const store = openStore(dir);
    call(store, 'profileSave', { profile: userProfile() });
    const e = failure(() => call(store, 'profileDelete', { id: 'mock' }));
    expect(e.code).toBe('invalid_input');
    expect(e.message).toBe('The built-in "Mock provider" profile cannot be deleted; edit it instead.');

    const mock = call(store, 'profilesList')[0]!;
    const edited = call(store, 'profileSave', {
      profile: { ...mock, callbackPort: 9100, oauth2: { ...mock.oauth2, scope: 'read profile' } },
    });
    expect(edited).toMatchObject({ id: 'mock', builtIn: true, callbackPort: 9100 });
    const again = openStore(dir);
    expect(ids(call(again, 'profilesList'))).toEqual(['mock', 'work']);
    expect(call(again, 'profilesList')[0]).toMatchObject({
      builtIn: true,
      callbackPort: 9100,
      oauth2: { scope: 'read profile' },
    });
  });

  it('creates a profile when its id is new and replaces it when the id exists', () => {
    const store = openStore(tempDir());
    call(store, 'profileSave', { profile: userProfile() });
    call(store, 'profileSave', { profile: userProfile({ id: 'other', name: 'Other' }) });
    call(store, 'profileSave', { profile: userProfile({ name: 'Work API v2' }) });
    expect(call(store, 'profilesList').map((p) => p.name)).toEqual(['Mock provider', 'Work API v2', 'Other']);
  });

  it('refuses a user profile marked built in', () => {
    const e = failure(() => call(openStore(tempDir()), 'profileSave', { profile: userProfile({ builtIn: true }) }));
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^profile\.builtIn: only the "Mock provider" profile \(id "mock"\) is built in/);
  });

  it('deleting a profile deletes its saved tokens and resets the active profile', () => {
    const store = openStore(tempDir());
    call(store, 'profileSave', { profile: userProfile() });
    call(store, 'tokenSave', { token: savedToken() });
    call(store, 'tokenSave', { token: savedToken({ id: 't-mock', profileId: 'mock' }) });
    call(store, 'settingsUpdate', { activeProfileId: 'work' });
    expect(call(store, 'profileDelete', { id: 'work' })).toEqual({ deleted: true });
    expect(call(store, 'profileDelete', { id: 'work' })).toEqual({ deleted: false });
    expect(ids(call(store, 'tokensList'))).toEqual(['t-mock']);
    expect(call(store, 'settingsGet').activeProfileId).toBe('mock');
  });

  describe('export', () => {
    function storeWithTwo() {
      const store = openStore(tempDir());
      call(store, 'profileSave', { profile: userProfile() });
      call(store, 'profileSave', { profile: userProfile({ id: 'other', name: 'Other' }) });
      return store;
    }

    it('leaves secrets out unless asked, and never exports the built-in profile', () => {
      const store = storeWithTwo();
      const out = call(store, 'profilesExport', {});
      expect(out.secretsIncluded).toBe(false);
      const doc = JSON.parse(out.json);
      expect(doc).toMatchObject({ format: EXPORT_FORMAT, version: 1 });
      expect(ids(doc.profiles)).toEqual(['work', 'other']);
      expect(doc.profiles[0].oauth1).toMatchObject({ consumerKey: 'ck', consumerSecret: '', rsaPrivateKey: '' });
      expect(doc.profiles[0].oauth2).toMatchObject({ clientId: 'cid', clientSecret: '' });
      for (const secret of Object.values(SECRETS)) expect(out.json).not.toContain(secret);
      expect(out.json).not.toContain('oauth-lab-consumer-secret');
    });

    it('includes secrets when asked', () => {
      const out = call(storeWithTwo(), 'profilesExport', { ids: ['other'], includeSecrets: true });
      expect(out.secretsIncluded).toBe(true);
      const doc = JSON.parse(out.json);
      expect(ids(doc.profiles)).toEqual(['other']);
      expect(doc.profiles[0].oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
      expect(doc.profiles[0].oauth2.clientSecret).toBe(SECRETS.clientSecret);
    });

    it('names ids that do not exist, and refuses the built-in profile when asked for it', () => {
      const store = storeWithTwo();
      const missing = failure(() => call(store, 'profilesExport', { ids: ['work', 'nope'] }));
      expect(missing.code).toBe('not_found');
      expect(missing.message).toBe('There is no profile with the id "nope".');
      expect(failure(() => call(store, 'profilesExport', { ids: ['mock'] })).code).toBe('invalid_input');
    });
  });

  describe('import', () => {
    it('adds the profiles of an export, with secrets when the export has them', () => {
      const from = openStore(tempDir());
      call(from, 'profileSave', { profile: userProfile() });
      const { json } = call(from, 'profilesExport', { includeSecrets: true });
      const to = openStore(tempDir());
      const result = call(to, 'profilesImport', { json });
      expect(result.renamed).toEqual([]);
      expect(ids(result.imported)).toEqual(['work']);
      expect(call(to, 'profilesList')[1]).toEqual(call(from, 'profilesList')[1]);
    });

    it('gives new ids on id collisions and renames on name collisions, saying so', () => {
      const store = openStore(tempDir(), {
        newId: (() => {
          let n = 0;
          return () => `new-${++n}`;
        })(),
      });
      call(store, 'profileSave', { profile: userProfile() });
      const json = JSON.stringify({
        format: EXPORT_FORMAT,
        version: 1,
        profiles: [
          userProfile(), // same id, same name
          userProfile({ id: 'fresh', name: 'Work API' }), // same name again
          userProfile({ id: 'work', name: 'Mock provider' }), // the built-in profile's name
          userProfile({ id: 'x', name: 'Distinct' }),
        ],
      });
      const result = call(store, 'profilesImport', { json });
      expect(result.imported.map((p) => [p.id, p.name])).toEqual([
        ['new-1', 'Work API (2)'],
        ['fresh', 'Work API (3)'],
        ['new-2', 'Mock provider (2)'],
        ['x', 'Distinct'],
      ]);
      expect(result.renamed).toEqual([
        '"Work API" → "Work API (2)"',
        '"Work API" → "Work API (3)"',
        '"Mock provider" → "Mock provider (2)"',
      ]);
      expect(ids(call(store, 'profilesList'))).toEqual(['mock', 'work', 'new-1', 'fresh', 'new-2', 'x']);
      // Importing the same file again renames again instead of replacing anything.
      expect(call(store, 'profilesImport', { json }).imported.map((p) => p.name)).toEqual([
        'Work API (4)',
        'Work API (5)',
        'Mock provider (3)',
        'Distinct (2)',
      ]);
    });

    it('refuses what is not an export, naming what is wrong, and adds nothing', () => {
      const store = openStore(tempDir());
      const notJson = failure(() => call(store, 'profilesImport', { json: '{"format": ' }));
      expect(notJson.code).toBe('invalid_input');
      expect(notJson.message).toMatch(/^The import is not JSON \(/);
      const wrongFormat = failure(() =>
        call(store, 'profilesImport', { json: JSON.stringify({ format: 'something-else', version: 1, profiles: [] }) })
      );
      expect(wrongFormat.message).toBe(
        'The import is not a valid profiles export: format: expected "oauth-lab-profiles" (a profiles export from OAuth Lab).'
      );
      const badProfile = failure(() =>
        call(store, 'profilesImport', {
          json: JSON.stringify({
            format: EXPORT_FORMAT,
            version: 1,
            profiles: [userProfile({ id: 'a', name: 'A' }), userProfile({ baseUrl: '' })],
          }),
        })
      );
      expect(badProfile.message).toMatch(
        /^The import is not a valid profiles export: profiles\[1\]\.baseUrl: the base URL is empty/
      );
      const builtIn = failure(() =>
        call(store, 'profilesImport', {
          json: JSON.stringify({ format: EXPORT_FORMAT, version: 1, profiles: [userProfile({ builtIn: true })] }),
        })
      );
      expect(builtIn.message).toMatch(/profiles\[0\]\.builtIn: only OAuth Lab's own mock profile is built in/);
      expect(ids(call(store, 'profilesList'))).toEqual(['mock']);
    });
  });
});

describe('saved tokens', () => {
  it('lists newest first, optionally for one profile, and replaces by id', () => {
    const store = openStore(tempDir());
    call(store, 'profileSave', { profile: userProfile() });
    call(store, 'tokenSave', { token: savedToken({ id: 'old', obtainedAt: 1 }) });
    call(store, 'tokenSave', { token: savedToken({ id: 'new', obtainedAt: 3 }) });
    call(store, 'tokenSave', { token: savedToken({ id: 'mock-token', profileId: 'mock', obtainedAt: 2 }) });
    expect(ids(call(store, 'tokensList'))).toEqual(['new', 'mock-token', 'old']);
    expect(ids(call(store, 'tokensList', { profileId: 'work' }))).toEqual(['new', 'old']);
    call(store, 'tokenSave', { token: savedToken({ id: 'old', obtainedAt: 4, label: 'refreshed' }) });
    expect(call(store, 'tokensList')[0]).toMatchObject({ id: 'old', label: 'refreshed' });
    expect(call(store, 'tokenDelete', { id: 'old' })).toEqual({ deleted: true });
    expect(call(store, 'tokenDelete', { id: 'old' })).toEqual({ deleted: false });
  });

  it('refuses a token for a profile that does not exist', () => {
    const e = failure(() => call(openStore(tempDir()), 'tokenSave', { token: savedToken({ profileId: 'ghost' }) }));
    expect(e.code).toBe('not_found');
    expect(e.message).toMatch(/^token\.profileId: there is no profile "ghost"/);
  });
});

describe('settings', () => {
  it('applies a patch and refuses an active profile that does not exist', () => {
    const store = openStore(tempDir());
    expect(call(store, 'settingsUpdate', { explainOpen: false })).toEqual({
      theme: 'system',
      activeProfileId: 'mock',
      explainOpen: false,
      keepHistory: true,
      historyMaxMB: 256,
    });
    expect(failure(() => call(store, 'settingsUpdate', { activeProfileId: 'ghost' })).code).toBe('not_found');
    expect(call(store, 'settingsGet').explainOpen).toBe(false);
  });
});
