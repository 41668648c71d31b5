import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { DEFAULT_CREDENTIALS, MockProvider, updateMockSettings } from '../../../../mock-provider';
import { scratchDir } from '../../../support/scratch-dir';
import { flowInProcess } from './flow-in-process';

/*
 * `oauth-lab flow oauth2 --save` runs the code grant's one token leg, the app's too: the id_token's nonce is checked
 * (OIDC Core §3.1.3.7 item 11) before the tokens are kept, so an id_token with another nonce (a replayed or injected
 * token) fails the token leg and nothing is printed or saved. Against the mock over real sockets.
 */
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
const { client } = DEFAULT_CREDENTIALS;

const saving = (dir: string) => [
  'oauth2',
  '--base-url',
  mock.baseUrl,
  '--client-id',
  client.id,
  '--client-secret',
  client.secret,
  '--scope',
  'openid read',
  '--no-open',
  '--no-history',
  '--save',
  'Nonce check',
  '--store-dir',
  dir,
];

describe('flow --save: the nonce check, then the save', () => {
  it('an id_token with another nonce fails the token leg; nothing is printed or saved', async () => {
    updateMockSettings(mock.context, { switches: { idTokenFault: 'wrong-nonce' } });
    try {
      const dir = scratchDir('oauth-lab-save-nonce-');
      const r = await flowInProcess(saving(dir));
      expect(r.code).toBe(1);
      expect(r.err).toContain('failed at token: The token endpoint answered, but the client refuses its id_token');
      expect(r.err).toMatch(/FAIL id_token nonce/);
      expect(r.out).toBe('');
      expect(createAppStore({ cwd: dir }).tokensList({})).toEqual([]);
    } finally {
      updateMockSettings(mock.context, { switches: { idTokenFault: 'off' } });
    }
  });

  it('with the nonce sent back, the tokens are saved', async () => {
    const dir = scratchDir('oauth-lab-save-nonce-');
    const r = await flowInProcess(saving(dir));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/ok {3}id_token nonce/);
    expect(createAppStore({ cwd: dir }).tokensList({})).toHaveLength(1);
  });
});
