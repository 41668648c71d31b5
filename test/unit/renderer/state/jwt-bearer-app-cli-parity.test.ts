import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTokenEndpointGrantStore } from '../../../../renderer/state/machine/machine-stores';
import { CLIENT_GRANTS } from '../../../../shared/flows/driver/registry';
import { C } from '../../mock-provider/helpers';
import { mockFront, NOW, type MockFront } from './parity-host';
import {
  expectAlteredBodyCaught,
  expectTokenInBoth,
  sameTokenGrantRun,
  type TokenGrantParity,
} from './token-grant-parity';

/*
 * The JWT bearer grant (RFC 7523 §2.1) is one spec on the driver's generic token-endpoint grant, and its page and
 * `oauth-lab flow jwt-bearer` are derived from it: for the same settings (a profile and the page's fields in the
 * app, flags on the command line) and a mock drawing from the same seed, both send the same request byte for byte
 * and record the same verdict, over 127.0.0.1. The assertion is signed with `jose` (HS256 with the client's secret,
 * deterministic), valid or broken.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront({ keepPort: true });
});
afterAll(() => front.close());

const settings = fc.record({
  clientAuthentication: fc.constantFrom('body', 'basic', 'none'),
  clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
  scope: fc.constantFrom('', 'read', 'admin'),
  assertion: fc.constantFrom('valid', 'expired', 'other-audience', 'other-issuer'),
});
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never;

/** The assertion for the current mock (its issuer is its URL), the same for both runs of a seed. */
function assertionFor(kind: Settings['assertion'], seed: number): Promise<string> {
  const now = Math.floor(NOW / 1000);
  return new SignJWT({
    iss: kind === 'other-issuer' ? 'someone-else' : C.client.id,
    sub: 'build-robot',
    aud: kind === 'other-audience' ? 'https://elsewhere.example' : front.issuer(),
    jti: `jti-${seed}`,
    exp: kind === 'expired' ? now - 10 : now + 60,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(C.client.secret));
}

const parity: TokenGrantParity<Settings, string> = {
  front: () => front,
  settings,
  command: 'jwt-bearer',
  inputOf: (s, seed) => assertionFor(s.assertion, seed),
  oauth2: (s) => ({ scope: s.scope }),
  async drive(deps, profile, assertion) {
    const store = createTokenEndpointGrantStore(deps, CLIENT_GRANTS.jwt_bearer);
    await store.getState().flowStarted(profile, front.base);
    // The page's field.
    store.getState().flowEdited((f) => ({ ...f, config: { ...f.config, values: { assertion } } }));
    await store.getState().legSent('token');
  },
  flags(s, assertion, dir) {
    const file = join(dir, 'assertion.jwt');
    writeFileSync(file, assertion);
    return ['--assertion-file', file, ...(s.scope ? ['--scope', s.scope] : [])];
  },
};

describe('the app and the CLI run the JWT bearer grant alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameTokenGrantRun(parity), { numRuns: 15 });
  }, 120_000);

  it('a valid assertion gets a token in both', async () => {
    await expectTokenInBoth(parity, {
      clientAuthentication: 'basic',
      clientSecret: C.client.secret,
      scope: 'read',
      assertion: 'valid',
    });
  }, 60_000);

  it('the property check catches a host that alters the body', async () => {
    await expectAlteredBodyCaught(parity);
  }, 120_000);
});
