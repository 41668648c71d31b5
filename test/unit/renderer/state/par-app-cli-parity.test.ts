import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { proofsRead } from './dpop-proofs-read';
import { alteringRequests, oneIssuerFront, pastedRedirectProfile, type MockFront } from './parity-host';
import { appOAuth2ParRun, cliOAuth2Run } from './parity-runs';

/*
 * The pushed authorization request (RFC 9126) is a leg of the code grant (shared/flows/driver/
 * pushed-authorization-leg.ts), not sequenced by a host: for the same profile, seeded random source and fixed clock,
 * the OAuth 2 page with its push on and `flow oauth2 --par` send the same push, open the same URL (only client_id
 * and request_uri, §4) and record the same exchanges under the same leg names, against the same mock over 127.0.0.1.
 */
let front: MockFront;
let dpopKey: string;
// One issuer for every run: its metadata names the push's endpoint (§5).
beforeAll(async () => ({ front, dpopKey } = await oneIssuerFront()));
afterAll(() => front.close());

/** A profile over the settings that change the push and the token request. */
const profiles = () =>
  fc
    .record({
      pkce: fc.constantFrom('S256', 'plain', 'off'),
      clientAuthentication: fc.constantFrom('body', 'basic'),
      scope: fc.constantFrom('', 'read', 'read write', 'admin'),
      clientSecret: fc.constantFrom(C.client.secret, C.client.secret, 'wrong'),
      // With DPoP, the push carries a proof of the key (RFC 9449 §10.1), compared read, its jti ranked.
      dpop: fc.boolean(),
      headers: fc.array(fc.tuple(fc.constantFrom('User-Agent', 'X-Team'), fc.constantFrom('a', 'b 1')), {
        maxLength: 2,
      }),
    })
    .map(({ headers, ...oauth2 }) =>
      pastedRedirectProfile(front.base, { headers }, { ...oauth2, issuer: front.issuer(), dpopKey })
    );

/** How many runs got a request_uri and reached the token endpoint. */
let exchanged = 0;
/** How many pushes carried a DPoP proof. */
let proven = 0;

const sameRun = (tamper: (bridge: BridgeApi) => BridgeApi = (b) => b) =>
  fc.asyncProperty(profiles(), fc.integer({ min: 1, max: 2 ** 31 }), async (profile, seed) => {
    // PKCE plain is taken only under allowPlainPkce (RFC 9700 §2.1.1): on for the profiles that use it.
    front.switched({ allowPlainPkce: profile.oauth2.pkce === 'plain' });
    try {
      const app = proofsRead(await appOAuth2ParRun(front, profile, seed, tamper)).run;
      const cli = proofsRead(await cliOAuth2Run(front, profile, seed, true)).run;
      if (app.exchanges.some((e) => e.leg === 'token')) exchanged += 1;
      if (app.exchanges.some((e) => e.leg === 'par' && e.request.headers.some(([n]) => n === 'DPoP'))) proven += 1;
      expect(app).toStrictEqual(cli);
    } finally {
      front.switched({});
    }
  });

/** A host that sends the push with one header more than asked: the planted divergence. */
const alteringThePush = alteringRequests((r, leg) =>
  leg === 'par' ? { ...r, headers: [...r.headers, ['X-Planted', '1']] } : r
);

describe('the app and the CLI push the authorization request alike (RFC 9126)', () => {
  it('the same push, URL, exchanges and verdicts, recorded as the par leg', async () => {
    exchanged = 0;
    proven = 0;
    // Four runs certain to reach the token endpoint (with and without DPoP, each client authentication), then
    // twelve drawn at random: the counts below cannot fall short by the draw.
    const reaching = (dpop: boolean, clientAuthentication: 'body' | 'basic') =>
      pastedRedirectProfile(
        front.base,
        { headers: [] },
        {
          pkce: 'S256',
          clientAuthentication,
          scope: 'read',
          clientSecret: C.client.secret,
          dpop,
          issuer: front.issuer(),
          dpopKey,
        }
      );
    const examples: [Profile, number][] = [
      [reaching(true, 'body'), 1],
      [reaching(false, 'basic'), 2],
      [reaching(true, 'basic'), 3],
      [reaching(false, 'body'), 4],
    ];
    await fc.assert(sameRun(), { numRuns: 12, examples });
    expect(exchanged).toBeGreaterThan(3);
    expect(proven).toBeGreaterThan(0);
  }, 120_000);

  it('records the push as its own leg before the authorization, and the browser carries only client_id and request_uri', async () => {
    const profile = fc.sample(profiles(), { seed: 3, numRuns: 1 })[0]!;
    const good = profileSchema.parse({
      ...profile,
      oauth2: { ...profile.oauth2, clientSecret: C.client.secret, scope: 'read', dpop: false },
    });
    const cli = await cliOAuth2Run(front, good, 5, true);
    expect(cli.exchanges.map((e) => `${e.leg} ${e.outcome}`)).toEqual([
      'par succeeded',
      'authorize succeeded',
      'token succeeded',
    ]);
    expect([...new URL(cli.authorizeUrl!).searchParams.keys()]).toEqual(['client_id', 'request_uri']);
    expect(await appOAuth2ParRun(front, good, 5)).toStrictEqual(cli);
  }, 30_000);

  it('the property check catches a host that alters the push', async () => {
    const outcome = await fc.check(sameRun(alteringThePush), { numRuns: 10 });
    expect(outcome.failed).toBe(true);
    const error = outcome.errorInstance as { message: string; actual: unknown; expected: unknown };
    expect(error.message).toMatch(/to strictly equal/);
    expect(JSON.stringify(error.actual)).toContain('"X-Planted","1"');
    expect(JSON.stringify(error.expected)).not.toContain('X-Planted');
  }, 120_000);
});
