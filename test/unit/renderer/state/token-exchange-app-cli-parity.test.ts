import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTokenEndpointGrantStore } from '../../../../renderer/state/machine/machine-stores';
import { tokenExchangeGrant } from '../../../../shared/flows/driver/grants/token-exchange';
import { C, send } from '../../mock-provider/helpers';
import { mockFront, type MockFront } from './parity-host';
import {
  expectAlteredBodyCaught,
  expectTokenInBoth,
  sameTokenGrantRun,
  type TokenGrantParity,
} from './token-grant-parity';

/*
 * The token exchange (RFC 8693 §2.1) is one spec on the driver's generic token-endpoint grant, and its page and
 * `oauth-lab flow token-exchange` are derived from it: for the same settings (a profile and the page's fields in
 * the app, flags on the command line) and a mock drawing from the same seed, both send the same request byte for
 * byte and record the same verdict, over 127.0.0.1. The subject token is an access token the fresh mock issues
 * first (client credentials), the same for both runs of a seed.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront({ keepPort: true });
});
afterAll(() => front.close());

const TYPE = (t: string) => `urn:ietf:params:oauth:token-type:${t}`;
const settings = fc.record({
  clientAuthentication: fc.constantFrom('body', 'basic'),
  clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
  subjectType: fc.constantFrom(TYPE('access_token'), TYPE('id_token'), 'urn:example:passport'),
  audience: fc.constantFrom('', 'issuer', 'https://elsewhere.example'),
  resources: fc.constantFrom([], ['/api/v2/me'], ['/api/v2/me', '/mcp']),
  requested: fc.constantFrom('', TYPE('access_token'), TYPE('saml2')),
});
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never;

/** The fresh mock's first access token: the subject token, the same for both runs of a seed. */
async function subjectToken(): Promise<string> {
  // Its own connection (no keep-alive): the front relays each connection to the mock of the moment.
  const r = await send(front.base, {
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: C.client.id,
      client_secret: C.client.secret,
    }).toString(),
  });
  return (JSON.parse(r.body) as { access_token: string }).access_token;
}

/** The parameters' values as the page's fields hold them (the resources one per line). */
const valuesOf = (s: Settings, subject: string): Record<string, string> => ({
  subject_token: subject,
  subject_token_type: s.subjectType,
  ...(s.audience ? { audience: s.audience === 'issuer' ? front.issuer() : s.audience } : {}),
  ...(s.resources.length ? { resource: s.resources.map((r) => front.issuer() + r).join('\n') } : {}),
  ...(s.requested ? { requested_token_type: s.requested } : {}),
});

const parity: TokenGrantParity<Settings, Record<string, string>> = {
  front: () => front,
  settings,
  command: 'token-exchange',
  inputOf: async (s) => valuesOf(s, await subjectToken()),
  async drive(deps, profile, values) {
    const store = createTokenEndpointGrantStore(deps, tokenExchangeGrant);
    await store.getState().flowStarted(profile, front.base);
    // The page's fields.
    store.getState().flowEdited((f) => ({ ...f, config: { ...f.config, scope: null, values } }));
    await store.getState().legSent('token');
  },
  flags(_, values, dir) {
    const file = join(dir, 'subject.txt');
    writeFileSync(file, values.subject_token!);
    const args = ['--subject-token-file', file, '--subject-token-type', values.subject_token_type!];
    if (values.audience) args.push('--audience', values.audience);
    for (const r of values.resource?.split('\n') ?? []) args.push('--resource', r);
    if (values.requested_token_type) args.push('--requested-token-type', values.requested_token_type);
    return args;
  },
};

describe('the app and the CLI run the token exchange alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameTokenGrantRun(parity), { numRuns: 15 });
  }, 120_000);

  it('a valid exchange gets a token with its issued_token_type in both', async () => {
    await expectTokenInBoth(parity, {
      clientAuthentication: 'basic',
      clientSecret: C.client.secret,
      subjectType: TYPE('access_token'),
      audience: 'issuer',
      resources: ['/api/v2/me', '/mcp'],
      requested: TYPE('access_token'),
    });
  }, 60_000);

  it('the property check catches a host that alters the body', async () => {
    await expectAlteredBodyCaught(parity);
  }, 120_000);
});
