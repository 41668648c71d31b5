import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { scratchDir } from '../../../support/scratch-dir';
import { METHODS, type MethodInput } from '../../../../shared/bridge/contract';
import { BridgeFailure } from '../../../../shared/bridge/result';
import type { HistoryEntry } from '../../../../shared/store/history';
import {
  createAppStore,
  type AppStore,
  type AppStoreOptions,
  type SecretCipher,
  type StoreMethodName,
} from '../../../../host/store';

/** A fresh directory, removed when the test that made it ends (scratchDir). */
export const tempDir = (): string => scratchDir('oauth-lab-store-');

export const NOW = 1_700_000_000_000; // 2023-11-14T22:13:20.000Z
export const STAMP = '2023-11-14T22-13-20-000Z';

export const storeFile = (dir: string) => join(dir, 'store.json');
export const fileText = (dir: string) => readFileSync(storeFile(dir), 'utf8');
export const fileJson = (dir: string) => JSON.parse(fileText(dir)) as Record<string, unknown>;
export const modeOf = (path: string) => statSync(path).mode & 0o777;
export const historyDir = (dir: string) => join(dir, 'exchange-history');
/** Every file of the history (segment lines and body files) as text, concatenated: for "no secret in here" checks. */
export const historyText = (dir: string) =>
  historyFiles(dir)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
/** The history's files, segment by segment. */
export const historyFiles = (dir: string) =>
  readdirSync(historyDir(dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
/** The history's lines as stored, in the order they were appended. */
export const historyLines = (dir: string) =>
  historyFiles(dir)
    .filter((f) => f.endsWith('entries.jsonl'))
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    );

/**
 * A stand-in for safeStorage: "FAKE:" + the reversed string. Its base64 never contains the secret, and decrypting
 * checks the prefix, so a ciphertext from another "keyring" fails like the real thing.
 */
export function fakeCipher(
  options: { available?: boolean; prefix?: string; failDecrypt?: boolean } = {}
): SecretCipher & { decrypts: number } {
  const prefix = options.prefix ?? 'FAKE:';
  const cipher = {
    decrypts: 0,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (s: string) => Buffer.from(prefix + [...s].reverse().join(''), 'utf8'),
    decryptString: (b: Buffer) => {
      cipher.decrypts++;
      const text = b.toString('utf8');
      if (options.failDecrypt || !text.startsWith(prefix))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return [...text.slice(prefix.length)].reverse().join('');
    },
  };
  return cipher;
}

/** Opens a store on `dir` with a fixed clock. */
export function openStore(dir: string, options: AppStoreOptions = {}): AppStore {
  return createAppStore({ cwd: dir, now: () => NOW, ...options });
}

/** Calls a store method the way the bridge does: the input parsed with the contract first. */
export function call<M extends StoreMethodName>(
  store: AppStore,
  name: M,
  input?: MethodInput<M>
): ReturnType<AppStore[M]> {
  const method = store[name] as (input: unknown) => ReturnType<AppStore[M]>;
  return method(METHODS[name].input.parse(input));
}

/** The BridgeFailure a call throws. */
export function failure(fn: () => unknown): BridgeFailure {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BridgeFailure);
    return e as BridgeFailure;
  }
  throw new Error('expected a BridgeFailure, but the call succeeded');
}

export const SECRETS = {
  consumerSecret: 'consumer-SECRET-9f2a',
  rsaPrivateKey: '-----BEGIN PRIVATE KEY-----\nRSA-SECRET-77c1\n-----END PRIVATE KEY-----',
  clientSecret: 'client-SECRET-41d0',
  token: 'access-TOKEN-5be3',
  tokenSecret: 'token-SECRET-c0de',
  refreshToken: 'refresh-TOKEN-aa11',
  bearer: 'bearer-TOKEN-e7e7',
  bodySecret: 'body-SECRET-3141',
} as const;

export const userProfile = (over: Record<string, unknown> = {}): MethodInput<'profileSave'>['profile'] => ({
  id: 'work',
  name: 'Work API',
  baseUrl: 'https://api.example.com',
  oauth1: { consumerKey: 'ck', consumerSecret: SECRETS.consumerSecret, rsaPrivateKey: SECRETS.rsaPrivateKey },
  oauth2: { clientId: 'cid', clientSecret: SECRETS.clientSecret, scope: 'read' },
  ...over,
});

export const savedToken = (over: Record<string, unknown> = {}): MethodInput<'tokenSave'>['token'] => ({
  id: 't1',
  profileId: 'work',
  kind: 'oauth1',
  token: SECRETS.token,
  tokenSecret: SECRETS.tokenSecret,
  refreshToken: SECRETS.refreshToken,
  obtainedAt: NOW,
  label: 'first',
  ...over,
});

/** An exchange with secrets where real ones are: the Authorization header and the token response body. */
export function historyEntry(i: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `h${i}`,
    profileId: i % 2 ? 'work' : 'mock',
    flow: 'oauth2',
    leg: i % 3 === 0 ? 'token' : 'api',
    outcome: i % 5 === 0 ? 'failed' : 'succeeded',
    summary: `exchange ${i}`,
    at: NOW + i,
    exchange: {
      request: {
        method: 'POST',
        url: 'https://api.example.com/oauth/v2/token',
        headers: [['Authorization', `Bearer ${SECRETS.bearer}`]],
        body: `grant_type=authorization_code&client_secret=${SECRETS.clientSecret}`,
      },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['Content-Type', 'application/json']],
        bodyText: JSON.stringify({
          access_token: SECRETS.token,
          refresh_token: SECRETS.refreshToken,
          oauth_token_secret: SECRETS.bodySecret,
        }),
        bodySize: 120,
      },
      timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
      startedAt: NOW + i,
    },
    ...over,
  };
}
