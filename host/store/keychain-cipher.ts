import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from './durable-write';
import type { SecretCipher } from './secrets';

/**
 * The part of Electron's safeStorage the desktop app uses: its asynchronous API (Electron 45 and later; the
 * synchronous encryptString, decryptString and isEncryptionAvailable are deprecated and go in Electron 46).
 */
export interface AsyncSafeStorage {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
  /** Deprecated: read only to open a secret sealed before the data key existed, while Electron still has it. */
  decryptString?(encrypted: Buffer): string;
}

/** Beside store.json in the app's data directory: the data key, sealed by the OS keychain. */
const SEALED_KEY_FILE = 'secret-key.sealed';
/** Marks a secret sealed with the data key; anything else was sealed by safeStorage itself (before this key). */
const SEALED_PREFIX = Buffer.from('olk1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The store seals and opens secrets synchronously (store.json and the history are written whole, in order), and
 * safeStorage's asynchronous API cannot be called from there. So the keychain protects one random 256-bit data key
 * (sealed with encryptStringAsync, kept in a 0600 file, opened once per launch with decryptStringAsync), and secrets
 * are sealed with that key in AES-256-GCM. At rest nothing opens without the keychain, as before. If the keychain is
 * unavailable, or cannot open the key (it changed), encryption counts as unavailable for this launch: the store
 * then keeps new secrets in its 0600 file and says so, and keeps the sealed ones untouched (secrets.ts).
 */
export async function keychainCipher(safeStorage: AsyncSafeStorage, dataDir: string): Promise<SecretCipher> {
  const key = await openDataKey(safeStorage, join(dataDir, SEALED_KEY_FILE)).catch(() => null);
  if (!key) return UNAVAILABLE;
  return {
    isEncryptionAvailable: () => true,
    ...(safeStorage.getSelectedStorageBackend
      ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend!() }
      : {}),
    encryptString(plainText) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([SEALED_PREFIX, iv, cipher.getAuthTag(), body]);
    },
    decryptString(sealed) {
      if (!sealed.subarray(0, SEALED_PREFIX.length).equals(SEALED_PREFIX)) return openLegacy(safeStorage, sealed);
      const iv = sealed.subarray(SEALED_PREFIX.length, SEALED_PREFIX.length + IV_BYTES);
      const tagEnd = SEALED_PREFIX.length + IV_BYTES + TAG_BYTES;
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(sealed.subarray(SEALED_PREFIX.length + IV_BYTES, tagEnd));
      return Buffer.concat([decipher.update(sealed.subarray(tagEnd)), decipher.final()]).toString('utf8');
    },
  };
}

/** The data key: opened from its file, re-sealed when the keychain asks; made and sealed on first use. */
async function openDataKey(safeStorage: AsyncSafeStorage, file: string): Promise<Buffer | null> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
  const sealed = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (sealed) {
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(sealed);
    if (shouldReEncrypt) writeFileDurably(file, await safeStorage.encryptStringAsync(result), { mode: 0o600 });
    const key = Buffer.from(result, 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key.`);
    return key;
  }
  const key = randomBytes(32);
  writeFileDurably(file, await safeStorage.encryptStringAsync(key.toString('base64')), { mode: 0o600 });
  return key;
}

function openLegacy(safeStorage: AsyncSafeStorage, sealed: Buffer): string {
  if (!safeStorage.decryptString)
    throw new Error('it was sealed by an older OAuth Lab with a keychain call this Electron no longer has');
  return safeStorage.decryptString(sealed);
}

const UNAVAILABLE: SecretCipher = {
  isEncryptionAvailable: () => false,
  encryptString() {
    throw new Error('The OS keychain is not available.');
  },
  decryptString() {
    throw new Error('The OS keychain is not available.');
  },
};
