/**
 * Secrets at rest. In Electron the shell passes a cipher keyed by the OS keychain (Keychain, DPAPI, libsecret or
 * kwallet) through safeStorage (keychain-cipher.ts); a secret is then stored as `{ "$enc": "<base64>" }` and never
 * as plain text. Without a keyring
 * (browser mode, the CLI, a Linux desktop with no secret service) secrets are stored plain in a file only this
 * user can read, and `storage` says 'file' so the UI can tell the user.
 */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux: 'basic_text' means no secret service, and safeStorage then "encrypts" with a hard-coded password. */
  getSelectedStorageBackend?(): string;
}

/** Whether the cipher really protects secrets; anything that throws counts as no. */
function protects(cipher: SecretCipher | undefined): boolean {
  try {
    if (cipher?.isEncryptionAvailable() !== true) return false;
  } catch {
    return false; // a keyring that cannot even say whether it works is treated as absent
  }
  try {
    // A hard-coded password is no protection: store plain in a 0600 file and let the UI say so honestly.
    return cipher.getSelectedStorageBackend?.() !== 'basic_text';
  } catch {
    return true; // not Linux: the method is not there to ask
  }
}

export interface SealedSecret {
  readonly $enc: string;
}

/** A secret as written in the file. */
export type StoredSecret = string | SealedSecret;

export const isSealed = (v: unknown): v is SealedSecret =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as { $enc?: unknown }).$enc === 'string';

/**
 * What a stored value turned out to be. `lost`: it was sealed but cannot be opened now (the keyring changed, or is
 * gone); the caller keeps the sealed value so that nothing is overwritten until the user enters the secret again.
 */
export type Opened =
  | { readonly kind: 'plain' | 'decrypted'; readonly value: string }
  | { readonly kind: 'lost'; readonly sealed: SealedSecret; readonly reason: string }
  | { readonly kind: 'invalid' };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class SecretBox {
  readonly storage: 'encrypted' | 'file';

  constructor(private readonly cipher: SecretCipher | undefined) {
    this.storage = protects(cipher) ? 'encrypted' : 'file';
  }

  /** Empty values stay empty: '' reveals nothing and keeps "not set" visible in the file. */
  seal(plain: string): StoredSecret {
    if (plain === '' || this.storage === 'file' || !this.cipher) return plain;
    return { $enc: this.cipher.encryptString(plain).toString('base64') };
  }

  open(stored: unknown): Opened {
    if (typeof stored === 'string') return { kind: 'plain', value: stored };
    if (!isSealed(stored)) return { kind: 'invalid' };
    if (this.storage === 'file' || !this.cipher)
      return { kind: 'lost', sealed: stored, reason: 'encryption (the OS keychain) is not available now' };
    try {
      return { kind: 'decrypted', value: this.cipher.decryptString(Buffer.from(stored.$enc, 'base64')) };
    } catch (e) {
      return {
        kind: 'lost',
        sealed: stored,
        reason: `decrypting failed (${message(e)}); the OS keychain may have changed`,
      };
    }
  }
}
