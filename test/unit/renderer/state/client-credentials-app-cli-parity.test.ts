import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createClientCredentialsStore } from '../../../../renderer/state/machine/machine-stores';
import { C } from '../../mock-provider/helpers';
import { mockFront, type MockFront } from './parity-host';
import { expectAlteredBodyCaught, sameTokenGrantRun, type TokenGrantParity } from './token-grant-parity';

/*
 * Client credentials is sequenced once (shared/flows/driver/grants/client-credentials.ts): for the same settings
 * (a profile and the page's fields in the app, flags on the command line) and a mock drawing from the same seed,
 * the app's run (the page's store over the real host services) and `oauth-lab flow client-credentials` send the
 * same requests byte for byte and record the same verdicts, over 127.0.0.1.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

const settings = fc.record({
  clientAuthentication: fc.constantFrom('body', 'basic', 'none'),
  clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
  scope: fc.constantFrom('', 'read', 'read write', 'admin'),
  resources: fc.array(fc.constantFrom('https://api.example.com/', 'urn:x:files', 'https://a.example/?q=1 2'), {
    maxLength: 2,
  }),
  audience: fc.constantFrom('', 'https://api.example.com'),
});
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never;

const parity: TokenGrantParity<Settings, Settings> = {
  front: () => front,
  settings,
  command: 'client-credentials',
  inputOf: async (s) => s,
  oauth2: (s) => ({ scope: s.scope }),
  async drive(deps, profile, s) {
    const store = createClientCredentialsStore(deps);
    store.getState().flowStarted(profile, front.base);
    // The page's fields.
    store.getState().flowEdited((f) => ({
      ...f,
      config: { ...f.config, resources: s.resources, audience: s.audience || null },
    }));
    await store.getState().legSent('token');
  },
  flags(s) {
    const args = s.scope ? ['--scope', s.scope] : [];
    for (const r of s.resources) args.push('--resource', r);
    if (s.audience) args.push('--audience', s.audience);
    return args;
  },
};

describe('the app and the CLI run client credentials alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameTokenGrantRun(parity), { numRuns: 15 });
  }, 120_000);

  it('the property check catches a host that alters the body', async () => {
    await expectAlteredBodyCaught(parity);
  }, 120_000);
});
