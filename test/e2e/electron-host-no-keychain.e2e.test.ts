import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startElectronHost, type ElectronHost } from '../electron-host/host';
import { saveProfileWithSecret } from '../electron-host/profiles';

/** The desktop app where safeStorage has no keychain (a Linux desktop without a secret service). */
let host: ElectronHost;
beforeAll(async () => void (host = await startElectronHost({ encryption: false })), 60_000);
afterAll(async () => host?.close());

it('says secrets are kept in a file only the user can read, and keeps them there readable by the app', async () => {
  const page = await host.mainPage();
  const [saved, listed, info] = await saveProfileWithSecret(page, 'secret-without-a-keychain');
  expect(saved).toMatchObject({ ok: true });
  expect(listed.value).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: 'real-server',
        oauth1: expect.objectContaining({ consumerSecret: 'secret-without-a-keychain' }),
      }),
    ])
  );
  expect(info.value).toMatchObject({ secretStorage: 'file' });
  const file = join(host.userData, 'store.json');
  expect(readFileSync(file, 'utf8')).toContain('"consumerSecret": "secret-without-a-keychain"');
  expect(readFileSync(file, 'utf8')).not.toContain('"$enc"');
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
