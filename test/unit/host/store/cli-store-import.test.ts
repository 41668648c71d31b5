import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_IMPORT_LEDGER, IMPORTED_TOKEN_LABEL, importCliStore } from '../../../../host/store/cli-store-import';
import { call, fakeCipher, fileText, openStore, SECRETS, savedToken, tempDir, userProfile } from './helpers';

/**
 * One place for saved tokens: the desktop app (its store sealed with safeStorage, here a fake cipher) takes in the
 * profiles and tokens the CLI saved in the per-user store, sealed like its own; once only, even when the user
 * deletes them in the app; the per-user store is left as the CLI and browser mode use it.
 */
function setUp() {
  const appDir = tempDir();
  const cliDir = tempDir();
  // The CLI's store: what `oauth-lab flow --save` and browser mode write (plain secrets in a 0600 file).
  const cli = openStore(cliDir);
  call(cli, 'profileSave', { profile: userProfile() });
  call(cli, 'tokenSave', { token: savedToken() });
  call(cli, 'tokenSave', { token: savedToken({ id: 't-mock', profileId: 'mock', kind: 'oauth2', label: '' }) });
  const app = openStore(appDir, { cipher: fakeCipher() });
  const ledgerPath = join(appDir, CLI_IMPORT_LEDGER);
  const run = () => importCliStore({ app, openCliStore: () => openStore(cliDir), ledgerPath });
  return { app, appDir, cliDir, ledgerPath, run };
}

describe('the desktop app takes in the CLI store', () => {
  it('its profiles and tokens, with every secret sealed in the app store, and says so', () => {
    const { app, appDir, cliDir, run } = setUp();
    const result = run();
    expect(result).toMatchObject({ profiles: 1, tokens: 2 });
    expect(result.notices).toEqual([
      expect.stringMatching(
        /^Took in 1 profile and 2 saved tokens from the store the CLI and browser mode use \(.*store\.json\)/
      ),
    ]);
    expect(call(app, 'profilesList').map((p) => p.name)).toEqual(['Mock provider', 'Work API']);
    expect(call(app, 'profilesList')[1]!.oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
    const tokens = call(app, 'tokensList');
    expect(tokens.map((t) => [t.id, t.profileId, t.label])).toEqual([
      ['t1', 'work', 'first'],
      ['t-mock', 'mock', IMPORTED_TOKEN_LABEL],
    ]);
    expect(tokens[0]).toMatchObject({ token: SECRETS.token, tokenSecret: SECRETS.tokenSecret });
    // Sealed at rest in the app's store: no secret in plain text.
    const text = fileText(appDir);
    for (const secret of [SECRETS.consumerSecret, SECRETS.clientSecret, SECRETS.token, SECRETS.tokenSecret])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('"$enc"');
    // The CLI's store is left for the CLI and browser mode.
    expect(call(openStore(cliDir), 'tokensList')).toHaveLength(2);
  });

  it('once: a second start adds nothing, a token deleted in the app stays deleted, a later CLI token comes in', () => {
    const { app, cliDir, ledgerPath, run } = setUp();
    run();
    expect(run()).toEqual({ profiles: 0, tokens: 0, notices: [] });
    expect(call(app, 'tokensList')).toHaveLength(2);
    call(app, 'tokenDelete', { id: 't1' });
    expect(run().tokens).toBe(0);
    expect(call(app, 'tokensList').map((t) => t.id)).toEqual(['t-mock']);
    expect(JSON.parse(readFileSync(ledgerPath, 'utf8'))).toEqual({
      profiles: { work: 'work' },
      tokens: ['t1', 't-mock'],
    });

    call(openStore(cliDir), 'tokenSave', { token: savedToken({ id: 't2', obtainedAt: 1_700_000_100_000 }) });
    expect(run()).toMatchObject({ profiles: 0, tokens: 1 });
    expect(call(app, 'tokensList').map((t) => t.id)).toEqual(['t2', 't-mock']);
  });

  it('a profile whose name the app already uses is taken in under a free name, its tokens with it', () => {
    const { app, run } = setUp();
    call(app, 'profileSave', { profile: userProfile({ id: 'mine', baseUrl: 'https://other.example.com' }) });
    expect(run()).toMatchObject({ profiles: 1, tokens: 2 });
    const copy = call(app, 'profilesList').find((p) => p.name === 'Work API (2)')!;
    expect(copy.baseUrl).toBe('https://api.example.com');
    expect(call(app, 'tokensList', { profileId: copy.id }).map((t) => t.id)).toEqual(['t1']);
  });

  it('without a CLI store there is nothing to do, and no ledger is written', () => {
    const appDir = tempDir();
    const app = openStore(appDir, { cipher: fakeCipher() });
    const ledgerPath = join(appDir, CLI_IMPORT_LEDGER);
    expect(importCliStore({ app, openCliStore: () => null, ledgerPath })).toEqual({
      profiles: 0,
      tokens: 0,
      notices: [],
    });
    expect(existsSync(ledgerPath)).toBe(false);
  });

  it('a ledger that is not one is a notice, and the app still starts', () => {
    const { ledgerPath, app, cliDir } = setUp();
    writeFileSync(ledgerPath, '[1, 2]');
    const r = importCliStore({ app, openCliStore: () => openStore(cliDir), ledgerPath });
    expect(r.notices).toEqual([
      expect.stringMatching(/could not be taken in: .*cli-import\.json is not a ledger of imports/),
    ]);
    expect(call(app, 'tokensList')).toEqual([]);
  });
});
