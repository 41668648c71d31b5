import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keychainCipher, type AsyncSafeStorage } from '../../../../host/store/keychain-cipher';

/**
 * The desktop app uses safeStorage's asynchronous API only (the synchronous one goes in Electron
 * 46). The keychain seals one data key, once per launch; secrets are sealed with that key. A fake keychain with a
 * key of its own stands in for the OS's; it offers only the asynchronous API unless a test adds the legacy call.
 */
function fakeKeychain(options: { available?: boolean; reEncrypt?: boolean } = {}) {
  const key = randomBytes(32);
  const calls: string[] = [];
  const seal = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Buffer) => {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(3, 15));
    decipher.setAuthTag(sealed.subarray(15, 31));
    return Buffer.concat([decipher.update(sealed.subarray(31)), decipher.final()]).toString('utf8');
  };
  const keychain = {
    calls,
    seal,
    isAsyncEncryptionAvailable: async () => (calls.push('available'), options.available ?? true),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: async (plain: string) => (calls.push('encrypt'), seal(plain)),
    decryptStringAsync: async (sealed: Buffer) => (
      calls.push('decrypt'),
      { result: open(sealed), shouldReEncrypt: options.reEncrypt ?? false }
    ),
    legacyDecrypt: open,
  };
  return keychain satisfies AsyncSafeStorage & Record<string, unknown>;
}

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-keychain-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const keyFile = (dir: string) => join(dir, 'secret-key.sealed');

describe('keychainCipher', () => {
  it('seals a new data key with the keychain into a 0600 file, and seals secrets with that key', async () => {
    const dir = dataDir();
    const keychain = fakeKeychain();
    const cipher = await keychainCipher(keychain, dir);
    expect(cipher.isEncryptionAvailable()).toBe(true);
    expect(cipher.getSelectedStorageBackend?.()).toBe('gnome_libsecret');
    expect(keychain.calls).toEqual(['available', 'encrypt']);
    expect(statSync(keyFile(dir)).mode & 0o777).toBe(0o600);
    // What the file holds is the keychain's sealing of the key: the keychain opens it, and it is 32 bytes.
    expect(Buffer.from(keychain.legacyDecrypt(readFileSync(keyFile(dir))), 'base64')).toHaveLength(32);

    const sealed = cipher.encryptString('consumer-secret');
    expect(sealed.subarray(0, 4).toString()).toBe('olk1');
    expect(sealed.toString('latin1')).not.toContain('consumer-secret');
    expect(cipher.encryptString('consumer-secret').equals(sealed)).toBe(false);
    expect(cipher.decryptString(sealed)).toBe('consumer-secret');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => cipher.decryptString(tampered)).toThrow();
  });

  it('opens the same key on the next launch (one asynchronous keychain call), so earlier secrets open', async () => {
    const dir = dataDir();
    const keychain = fakeKeychain();
    const sealed = (await keychainCipher(keychain, dir)).encryptString('s3cret');
    const file = readFileSync(keyFile(dir));
    keychain.calls.length = 0;
    const next = await keychainCipher(keychain, dir);
    expect(keychain.calls).toEqual(['available', 'decrypt']);
    expect(next.decryptString(sealed)).toBe('s3cret');
    expect(readFileSync(keyFile(dir)).equals(file)).toBe(true);
  });

  it('re-seals the key when the keychain asks (shouldReEncrypt), and the secrets still open', async () => {
    const dir = dataDir();
    const keychain = fakeKeychain({ reEncrypt: true });
    const sealed = (await keychainCipher(keychain, dir)).encryptString('s3cret');
    const before = readFileSync(keyFile(dir));
    const next = await keychainCipher(keychain, dir);
    expect(readFileSync(keyFile(dir)).equals(before)).toBe(false);
    expect(next.decryptString(sealed)).toBe('s3cret');
  });

  it('without a keychain, or one that cannot open the key, encryption is unavailable and the key file stays', async () => {
    const none = dataDir();
    expect((await keychainCipher(fakeKeychain({ available: false }), none)).isEncryptionAvailable()).toBe(false);
    expect(existsSync(keyFile(none))).toBe(false);

    const dir = dataDir();
    await keychainCipher(fakeKeychain(), dir);
    const file = readFileSync(keyFile(dir));
    const other = await keychainCipher(fakeKeychain(), dir);
    expect(other.isEncryptionAvailable()).toBe(false);
    expect(() => other.decryptString(Buffer.from('olk1'))).toThrow('The OS keychain is not available.');
    expect(readFileSync(keyFile(dir)).equals(file)).toBe(true);
  });

  it('opens a secret the keychain sealed itself (an older OAuth Lab) while Electron has decryptString, says why not after', async () => {
    const keychain = fakeKeychain();
    const legacy = keychain.seal('old-secret');
    const withLegacy = await keychainCipher({ ...keychain, decryptString: keychain.legacyDecrypt }, dataDir());
    expect(withLegacy.decryptString(legacy)).toBe('old-secret');
    const without = await keychainCipher(keychain, dataDir());
    expect(() => without.decryptString(legacy)).toThrow(
      'it was sealed by an older OAuth Lab with a keychain call this Electron no longer has'
    );
  });
});
