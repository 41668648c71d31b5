import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import type { IdTokenFault } from '../../../../shared/oidc/mock-switches';
import { C } from '../../mock-provider/helpers';
import { proofsRead } from './dpop-proofs-read';
import { alteringRequests, oneIssuerFront, pastedRedirectProfile, withHeaders, type MockFront } from './parity-host';
import { appOAuth2Run, cliOAuth2Run } from './parity-runs';

/*
 * OpenID Connect's legs after the code grant (discovery, the JWKS, UserInfo) are sequenced once
 * (shared/flows/driver/openid-after-code.ts): for the same profile, seeded random source and fixed clock, the app's
 * run (the OAuth 2 page's store, then the OpenID Connect page's after the code grant with the flow's tokens) and the
 * CLI's (`flow oauth2 --scope openid`) send the same requests byte for byte and record the same verdicts.
 */
let front: MockFront;
let dpopKey: string;
beforeAll(async () => ({ front, dpopKey } = await oneIssuerFront()));
afterAll(() => front.close());

const headerValue = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ';', '='), maxLength: 8 });

/** A profile with scope openid, over the settings that change the grant's and the OpenID Connect legs' requests. */
const profiles = (base: () => string, issuer: () => string) =>
  fc
    .record({
      pkce: fc.constantFrom('S256', 'plain', 'off'),
      clientAuthentication: fc.constantFrom('body', 'basic'),
      // Mostly what reaches UserInfo; a JSON token body, an unknown scope and a wrong secret end a run sooner.
      tokenBody: fc.constantFrom('form', 'form', 'form', 'json'),
      scope: fc.constantFrom('openid', 'openid profile', 'profile openid', 'openid email'),
      clientSecret: fc.constantFrom(C.client.secret, C.client.secret, C.client.secret, 'wrong'),
      headers: fc.array(fc.tuple(fc.constantFrom('User-Agent', 'X-Team'), headerValue), { maxLength: 2 }),
      // With DPoP, the token leg and UserInfo carry proofs (RFC 9449 §5, §7), compared read, their jti ranked.
      dpop: fc.boolean(),
    })
    .map(({ headers, ...oauth2 }) =>
      pastedRedirectProfile(base(), { headers }, { ...oauth2, issuer: issuer(), dpopKey })
    );

/** The app's run: the OAuth 2 page's code grant, then the OpenID Connect page after it with the flow's tokens. */
const appOpenIdRun = async (profile: Profile, seed: number, tamper: (bridge: BridgeApi) => BridgeApi) =>
  proofsRead(await appOAuth2Run(front, profile, seed, tamper)).run;

/** The CLI's run: `flow oauth2` with scope openid, the issuer given (--issuer); with the profile's DPoP, --dpop. */
const cliOpenIdRun = async (profile: Profile, seed: number) => proofsRead(await cliOAuth2Run(front, profile, seed)).run;

/** How many runs reached UserInfo. */
let calledUserInfo = 0;

const sameRun = (tamper: (bridge: BridgeApi) => BridgeApi = (b) => b) =>
  fc.asyncProperty(
    profiles(
      () => front.base,
      () => front.issuer()
    ),
    fc.integer({ min: 1, max: 2 ** 31 }),
    // Now and then an id_token with another nonce (OIDC Core §3.1.3.7 item 11), which both refuse at the token leg,
    // or one with another audience or a broken signature, which both refuse before UserInfo (§3.1.3.7).
    fc.constantFrom<IdTokenFault>('off', 'off', 'off', 'wrong-nonce', 'wrong-aud', 'bad-signature'),
    async (profile, seed, fault) => {
      // PKCE plain is taken only under allowPlainPkce (RFC 9700 §2.1.1): on for the profiles that use it.
      front.switched({ idTokenFault: fault, allowPlainPkce: profile.oauth2.pkce === 'plain' });
      try {
        const app = await appOpenIdRun(profile, seed, tamper);
        const cli = await cliOpenIdRun(profile, seed);
        if (app.exchanges.some((e) => e.leg === 'userinfo')) calledUserInfo += 1;
        expect(app).toStrictEqual(cli);
      } finally {
        // The next run, or the next test, starts from the mock's defaults.
        front.switched({});
      }
    }
  );

/** A host that sends UserInfo's Accept header otherwise than asked: the planted divergence. */
const alteringUserInfo = alteringRequests((r, leg) =>
  leg === 'userinfo' ? withHeaders(r, (n, v) => (n === 'Accept' ? `${v}, */*` : v)) : r
);

/** A generated profile set to reach UserInfo (the right secret, a form body, a scope the mock knows), DPoP off unless asked. */
function reachingUserInfo(scope: string, dpop = false): Profile {
  const profile = fc.sample(
    profiles(
      () => front.base,
      () => front.issuer()
    ),
    { seed: 7, numRuns: 1 }
  )[0]!;
  return profileSchema.parse({
    ...profile,
    headers: [],
    oauth2: { ...profile.oauth2, scope, clientSecret: C.client.secret, tokenBody: 'form', dpop },
  });
}

/** Runs that reach UserInfo beside the generated ones, so the property always covers it, and one refused for its nonce. */
const reachingExamples = (): [Profile, number, IdTokenFault][] => [
  [reachingUserInfo('openid'), 11, 'off'],
  [reachingUserInfo('openid profile'), 12, 'off'],
  // UserInfo with the DPoP-bound token and a proof of its key (RFC 9449 §7).
  [reachingUserInfo('openid profile', true), 17, 'off'],
  // Would reach UserInfo, but the id_token carries another nonce.
  [reachingUserInfo('openid'), 14, 'wrong-nonce'],
  // Would reach UserInfo, but the id_token's signature does not verify.
  [reachingUserInfo('openid'), 15, 'bad-signature'],
];

describe('the app and the CLI run OpenID Connect after the code grant alike', () => {
  it('the same requests byte for byte and the same verdicts, discovery, JWKS and UserInfo included', async () => {
    calledUserInfo = 0;
    await fc.assert(sameRun(), { numRuns: 20, examples: reachingExamples() });
    expect(calledUserInfo).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("records each OpenID Connect exchange once, with its leg's verdict", async () => {
    const good = reachingUserInfo('openid profile');
    const { exchanges } = await appOpenIdRun(good, 11, (b) => b);
    expect(exchanges.map((e) => `${e.leg} ${e.outcome}`)).toEqual([
      'authorize succeeded',
      'token succeeded',
      'discovery succeeded',
      'jwks succeeded',
      'userinfo succeeded',
    ]);
    const [, , discovery, jwks, userinfo] = exchanges;
    expect(discovery!.summary).toMatch(/^Every check passed: .*issuer/);
    // The id_token trace's key step (OIDC Core §10.1), not the status.
    expect(jwks!.summary).toMatch(/^The header's kid ".+" names one RSA signing key\.$/);
    expect(userinfo!.summary).toMatch(/^Every check passed: .*sub/);
  }, 30_000);

  it('an id_token with another nonce: both refuse the token leg, so neither keeps the tokens nor goes on', async () => {
    front.switched({ idTokenFault: 'wrong-nonce' });
    try {
      const profile = reachingUserInfo('openid profile');
      const app = await appOpenIdRun(profile, 13, (b) => b);
      expect(app.exchanges.map((e) => `${e.leg} ${e.outcome}`)).toEqual(['authorize succeeded', 'token failed']);
      expect(app.exchanges[1]!.summary).toBe(
        'The token endpoint answered, but the client refuses its id_token: the nonce check failed.'
      );
      // Refused before either host keeps a token.
      expect(app.saved).toEqual([]);
      expect(app).toStrictEqual(await cliOpenIdRun(profile, 13));
    } finally {
      front.switched({});
    }
  }, 30_000);

  it('an id_token whose signature does not verify: both stop before the access token goes to UserInfo', async () => {
    front.switched({ idTokenFault: 'bad-signature' });
    try {
      const profile = reachingUserInfo('openid profile');
      const app = await appOpenIdRun(profile, 16, (b) => b);
      expect(app.exchanges.map((e) => `${e.leg} ${e.outcome}`)).toEqual([
        'authorize succeeded',
        'token succeeded',
        'discovery succeeded',
        'jwks succeeded',
      ]);
      expect(app).toStrictEqual(await cliOpenIdRun(profile, 16));
    } finally {
      front.switched({});
    }
  }, 30_000);

  it('the property check catches a host that alters UserInfo’s Accept header', async () => {
    const outcome = await fc.check(sameRun(alteringUserInfo), { numRuns: 20, examples: reachingExamples() });
    expect(outcome.failed).toBe(true);
    const error = outcome.errorInstance as { message: string; actual: unknown; expected: unknown };
    expect(error.message).toMatch(/to strictly equal/);
    expect(JSON.stringify(error.actual)).toContain('"Accept","application/json, */*"');
    expect(JSON.stringify(error.expected)).not.toContain('*/*');
  }, 120_000);
});
