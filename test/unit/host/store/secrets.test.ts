import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_PRIVATE_JWK, DEFAULT_CREDENTIALS } from '../../../../mock-provider/default-credentials';
import {
  call,
  fakeCipher,
  fileJson,
  fileText,
  historyEntry,
  historyLines,
  historyText,
  modeOf,
  openStore,
  SECRETS,
  savedToken,
  storeFile,
  tempDir,
  userProfile,
} from './helpers';

/** Every secret the tests put in, and the mock's default ones. */
const ALL_SECRETS = [...Object.values(SECRETS), DEFAULT_CREDENTIALS.consumer.secret, DEFAULT_CREDENTIALS.client.secret];

function fillStore(dir: string, cipher = fakeCipher()) {
  const store = openStore(dir, { cipher });
  call(store, 'profileSave', { profile: userProfile() });
  call(store, 'tokenSave', { token: savedToken() });
  store.historyAdd({ entry: historyEntry(1) });
  return store;
}

describe('secrets at rest', () => {
  it('with encryption available, no secret is in the file in plain text, and the API gives them back plain', () => {
    const dir = tempDir();
    const store = fillStore(dir);
    expect(store.secretStorage).toBe('encrypted');
    const text = `${fileText(dir)}\n${historyText(dir)}`;
    for (const secret of ALL_SECRETS) expect(text, secret).not.toContain(secret);
    // Not even inside the history's Authorization header or token response body.
    expect(text).not.toContain('Bearer');
    expect(text).not.toContain('refresh_token'); // the token response body's field names (paths name access_token)
    const file = fileJson(dir) as {
      profiles: { oauth1: Record<string, unknown>; oauth2: Record<string, unknown> }[];
      tokens: Record<string, unknown>[];
    };
    const [line, ...more] = historyLines(dir);
    expect(more).toEqual([]);
    expect(file.profiles[1]!.oauth1.consumerSecret).toEqual({ $enc: expect.any(String) });
    expect(file.profiles[1]!.oauth1.consumerKey).toBe('ck'); // keys and ids are not secret
    expect(file.tokens[0]!.tokenSecret).toEqual({ $enc: expect.any(String) });
    expect(line!.exchange).toEqual({ $enc: expect.any(String) });
    expect(line!.summary).toBe('exchange 1'); // readable, so the list filters without decrypting

    const again = openStore(dir, { cipher: fakeCipher() });
    expect(again.notices).toEqual([]);
    expect(call(again, 'profilesList')[1]!.oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
    expect(call(again, 'profilesList')[1]!.oauth1.rsaPrivateKey).toBe(SECRETS.rsaPrivateKey);
    expect(call(again, 'profilesList')[1]!.oauth2.clientSecret).toBe(SECRETS.clientSecret);
    expect(call(again, 'tokensList')[0]).toMatchObject({
      token: SECRETS.token,
      tokenSecret: SECRETS.tokenSecret,
      refreshToken: SECRETS.refreshToken,
    });
    expect(call(again, 'historyList').entries[0]).toEqual(historyEntry(1));
  });

  it('without encryption: secrets are plain in a 0600 file in a 0700 directory, and secretStorage says "file"', () => {
    const dir = join(tempDir(), 'nested', 'oauth-lab');
    const store = fillStore(dir, fakeCipher({ available: false }));
    expect(store.secretStorage).toBe('file');
    expect(modeOf(storeFile(dir))).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
    expect(fileText(dir)).toContain(SECRETS.consumerSecret);
    expect(openStore(dir).secretStorage).toBe('file'); // no cipher at all (browser mode, CLI)
  });

  it('a file written without encryption is encrypted as soon as encryption is available', () => {
    const dir = tempDir();
    fillStore(dir, fakeCipher({ available: false }));
    const store = openStore(dir, { cipher: fakeCipher() });
    expect(store.notices).toEqual([]);
    const text = fileText(dir);
    for (const secret of ALL_SECRETS) expect(text, secret).not.toContain(secret);
    expect(call(store, 'profilesList')[1]!.oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
  });

  it('a secret that cannot be decrypted comes back empty with a notice naming the profile and the secret, and stays in the file', () => {
    const dir = tempDir();
    fillStore(dir);
    const before = fileJson(dir) as { profiles: { oauth2: { clientSecret: unknown } }[] };
    // The keyring changed: every ciphertext fails to decrypt.
    const store = openStore(dir, { cipher: fakeCipher({ failDecrypt: true }) });
    const work = call(store, 'profilesList')[1]!;
    expect(work.oauth1.consumerSecret).toBe('');
    expect(work.oauth2.clientSecret).toBe('');
    expect(work.oauth1.consumerKey).toBe('ck');
    const notice = store.notices.find((n) => n.startsWith('Profile "Work API"'));
    expect(notice).toMatch(
      /lost its consumer secret, RSA private key and client secret: decrypting failed \(Error while decrypting/
    );
    // The built-in profile's demo private key is put back when loaded (withMockClientKey): not among those lost.
    expect(
      store.notices.some((n) => n.startsWith('Profile "Mock provider" lost its consumer secret and client secret:'))
    ).toBe(true);
    // The token itself cannot be decrypted: it is not listed, and a notice says which one.
    expect(call(store, 'tokensList')).toEqual([]);
    expect(
      store.notices.some((n) =>
        n.startsWith('The saved token "first" of profile "Work API" is not listed: decrypting failed')
      )
    ).toBe(true);
    expect(store.notices.some((n) => n.startsWith('1 history entry is not listed'))).toBe(true);
    expect(call(store, 'historyList')).toMatchObject({ entries: [], total: 0 });

    // A change elsewhere writes the file, but the sealed values are kept as they were.
    call(store, 'settingsUpdate', { theme: 'light' });
    const after = fileJson(dir) as typeof before & { tokens: unknown[] };
    expect(after.profiles[1]!.oauth2.clientSecret).toEqual(before.profiles[1]!.oauth2.clientSecret);
    expect(after.tokens).toHaveLength(1);
    expect(historyLines(dir)).toHaveLength(1);

    // Saving the profile with a new secret replaces them.
    call(store, 'profileSave', { profile: { ...work, oauth2: { ...work.oauth2, clientSecret: 'new-client-secret' } } });
    const fresh = openStore(dir, { cipher: fakeCipher() });
    expect(call(fresh, 'profilesList')[1]!.oauth2.clientSecret).toBe('new-client-secret');
    expect(call(fresh, 'profilesList')[1]!.oauth1.consumerSecret).toBe('');
  });

  it("the built-in profile's private key that cannot be decrypted is its client's demo key again, and the notice says so", () => {
    const dir = tempDir();
    fillStore(dir);
    const store = openStore(dir, { cipher: fakeCipher({ failDecrypt: true }) });
    const mock = call(store, 'profilesList')[0]!;
    expect(JSON.parse(mock.oauth2.assertionKey)).toEqual(DEFAULT_CLIENT_PRIVATE_JWK);
    const notices = store.notices.filter((n) => n.startsWith('Profile "Mock provider"'));
    expect(notices).toHaveLength(2);
    expect(notices[0]).not.toContain('private key');
    expect(notices[1]).toBe(
      `Profile "Mock provider" has its client's demo private key again, in place of the saved one: decrypting failed (Error while decrypting the ciphertext provided to safeStorage.decryptString.); the OS keychain may have changed. A key of your own that was there must be entered again.`
    );
  });

  it('sealed secrets with no keyring at all (encryption now unavailable) are kept and reported, not crashed on', () => {
    const dir = tempDir();
    fillStore(dir);
    const store = openStore(dir);
    expect(store.secretStorage).toBe('file');
    expect(store.notices.find((n) => n.startsWith('Profile "Work API"'))).toMatch(
      /encryption \(the OS keychain\) is not available now/
    );
    expect(call(store, 'profilesList')[1]!.oauth1.consumerSecret).toBe('');
  });

  it('a keyring that throws when asked whether it works means file storage', () => {
    const cipher = {
      ...fakeCipher(),
      isEncryptionAvailable: () => {
        throw new Error('no D-Bus');
      },
    };
    expect(openStore(tempDir(), { cipher }).secretStorage).toBe('file');
  });

  it("Linux without a secret service (safeStorage's basic_text backend, a hard-coded password) counts as file storage", () => {
    expect(
      openStore(tempDir(), { cipher: { ...fakeCipher(), getSelectedStorageBackend: () => 'basic_text' } }).secretStorage
    ).toBe('file');
    expect(
      openStore(tempDir(), { cipher: { ...fakeCipher(), getSelectedStorageBackend: () => 'gnome_libsecret' } })
        .secretStorage
    ).toBe('encrypted');
  });

  it('a plain secret the user typed into the file by hand is accepted and then encrypted', () => {
    const dir = tempDir();
    writeFileSync(
      storeFile(dir),
      JSON.stringify({ schemaVersion: 2, profiles: [{ ...userProfile(), oauth2: { clientSecret: 'typed-by-hand' } }] })
    );
    const store = openStore(dir, { cipher: fakeCipher() });
    expect(call(store, 'profilesList')[1]!.oauth2.clientSecret).toBe('typed-by-hand');
    expect(fileText(dir)).not.toContain('typed-by-hand');
  });
});
