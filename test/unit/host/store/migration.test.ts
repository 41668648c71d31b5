import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../../host/store';
import { call, fakeCipher, fileJson, fileText, NOW, openStore, STAMP, storeFile, tempDir } from './helpers';

/** A store file as version 1 wrote it: flat profiles with a callback URL and a PKCE switch. */
function v1File(consumerSecret: unknown) {
  return {
    schemaVersion: 1,
    profiles: [
      {
        id: 'mock',
        name: 'Mock provider',
        builtIn: true,
        baseUrl: '',
        callbackUrl: 'http://127.0.0.1:8765/callback',
        consumerKey: 'oauth-lab-consumer',
        consumerSecret: 'oauth-lab-consumer-secret',
        clientId: 'oauth-lab-client',
        clientSecret: 'oauth-lab-client-secret',
      },
      {
        id: 'legacy',
        name: 'Legacy API',
        baseUrl: 'https://legacy.example.com',
        callbackUrl: 'http://127.0.0.1:9000/oauth/cb',
        consumerKey: 'old-key',
        consumerSecret,
        signatureMethod: 'PLAINTEXT',
        clientId: 'old-client',
        clientSecret: 'old-client-secret',
        scope: 'read write',
        usePkce: false,
      },
    ],
    tokens: [{ id: 'tok', profileId: 'legacy', kind: 'oauth2', token: 'old-access', obtainedAt: NOW, expiresAt: null }],
    history: [],
    settings: { theme: 'dark', activeProfileId: 'legacy' },
  };
}

describe('schema migrations', () => {
  it('upgrades a version 1 file on disk: profiles get oauth1/oauth2 objects and the callback becomes port and path', () => {
    const dir = tempDir();
    const original = JSON.stringify(v1File('old-consumer-secret'), null, 2);
    writeFileSync(storeFile(dir), original);
    const store = openStore(dir);

    const [mock, legacy] = call(store, 'profilesList');
    expect(mock).toMatchObject({
      id: 'mock',
      builtIn: true,
      callbackPort: 8765,
      callbackPath: '/callback',
      oauth1: { consumerKey: 'oauth-lab-consumer' },
    });
    expect(legacy).toMatchObject({
      id: 'legacy',
      name: 'Legacy API',
      builtIn: false,
      baseUrl: 'https://legacy.example.com',
      callbackPort: 9000,
      callbackPath: '/oauth/cb',
      oauth1: {
        consumerKey: 'old-key',
        consumerSecret: 'old-consumer-secret',
        signatureMethod: 'PLAINTEXT',
        requestTokenPath: '/oauth/v1/request_token',
        placement: 'header',
      },
      oauth2: {
        clientId: 'old-client',
        clientSecret: 'old-client-secret',
        scope: 'read write',
        pkce: 'off',
        tokenPath: '/oauth/v2/token',
      },
    });
    expect(call(store, 'tokensList')).toMatchObject([{ id: 'tok', token: 'old-access', tokenSecret: '', label: '' }]);
    expect(call(store, 'settingsGet')).toMatchObject({ theme: 'dark', activeProfileId: 'legacy' });

    // The file is rewritten in the current schema; the file as it was is kept next to it, and a notice says where.
    const file = fileJson(dir) as { schemaVersion: number; profiles: Record<string, unknown>[] };
    expect(file.schemaVersion).toBe(SCHEMA_VERSION);
    expect(file.profiles[1]).not.toHaveProperty('consumerKey');
    expect(file.profiles[1]).not.toHaveProperty('callbackUrl');
    const backup = join(dir, `store.schema-1-${STAMP}.json`);
    expect(readFileSync(backup, 'utf8')).toBe(original);
    expect(store.notices).toEqual([
      `The store file ${storeFile(dir)} was upgraded from schema version 1 to ${SCHEMA_VERSION}; the file as it was is kept at ${backup}.`,
    ]);

    // A second start finds nothing to do.
    expect(openStore(dir).notices).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['exchange-history', 'store.json', `store.schema-1-${STAMP}.json`]);
  });

  it('moves encrypted version 1 secrets into place without decrypting them on the way', () => {
    const dir = tempDir();
    const cipher = fakeCipher();
    const sealed = { $enc: cipher.encryptString('v1-sealed-secret').toString('base64') };
    writeFileSync(storeFile(dir), JSON.stringify(v1File(sealed)));
    const store = openStore(dir, { cipher });
    expect(call(store, 'profilesList')[1]!.oauth1.consumerSecret).toBe('v1-sealed-secret');
    expect(fileText(dir)).not.toContain('v1-sealed-secret');
    expect(
      (fileJson(dir) as { profiles: { oauth1: { consumerSecret: unknown } }[] }).profiles[1]!.oauth1.consumerSecret
    ).toEqual({ $enc: expect.any(String) });
  });

  it('a version 1 profile the migration cannot make sense of is dropped by name; the others are kept', () => {
    const dir = tempDir();
    const doc = v1File('s');
    doc.profiles.push({
      id: 'broken',
      name: 'Broken',
      baseUrl: 'https://b.example.com',
      callbackUrl: 'not a url',
    } as never);
    writeFileSync(storeFile(dir), JSON.stringify(doc));
    const store = openStore(dir);
    expect(call(store, 'profilesList').map((p) => p.id)).toEqual(['mock', 'legacy']);
    expect(store.notices[1]).toMatch(
      /^1 record in .* was left out: profiles\[2\] \("Broken"\): unknown key "callbackUrl"/
    );
    expect(store.notices[1]).toContain(`kept at ${join(dir, `store.schema-1-${STAMP}.json`)}`);
  });
});
