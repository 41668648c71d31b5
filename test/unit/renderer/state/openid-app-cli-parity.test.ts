import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOAuth2 } from '../../../../host/cli/flow/run-oauth2';
import { joseVerifier } from '../../../../platform/jose';
import { flowTokensOf } from '../../../../renderer/features/oidc/flow-tokens';
import { createOidcStore } from '../../../../renderer/state/oidc/oidc-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import type { IdTokenFault } from '../../../../shared/oidc/mock-switches';
import { C } from '../../mock-provider/helpers';
import {
  appHostRun,
  cliHostRun,
  landedAt,
  mockFront,
  NOW,
  seededRandom,
  type FlowRun,
  type MockFront,
} from './parity-host';

/*
 * OpenID Connect's legs after the code grant (discovery, the JWKS, UserInfo) are sequenced once
 * (shared/flows/driver/openid-after-code.ts): for the same profile, seeded random source and fixed clock, the app's
 * run (the OAuth 2 page's store, then the OpenID Connect page's after the code grant with the flow's tokens) and the
 * CLI's (`flow oauth2 --scope openid`) send the same requests byte for byte and record the same verdicts.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront({ keepPort: true });
  // The first mock's port, which every run's mock keeps: the issuer each is discovered at.
  await front.fresh(1);
});
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
    })
    .map((p): Profile =>
      profileSchema.parse({
        id: 'parity',
        name: 'Generated',
        baseUrl: base(),
        headers: p.headers,
        callbackPort: 0,
        // A registered loopback redirect the catcher is not at: the URL landed on is pasted.
        redirectUri: 'http://127.0.0.1:9/callback',
        oauth2: {
          clientId: C.client.id,
          clientSecret: p.clientSecret,
          scope: p.scope,
          pkce: p.pkce,
          clientAuthentication: p.clientAuthentication,
          tokenBody: p.tokenBody,
          issuer: issuer(),
        },
      })
    );

/** The app's run: the OAuth 2 page's code grant, then the OpenID Connect page after it with the flow's tokens. */
function appOpenIdRun(profile: Profile, seed: number, tamper: (bridge: BridgeApi) => BridgeApi): Promise<FlowRun> {
  return appHostRun(front, seed, tamper, async (bridge) => {
    const deps = { bridge, crypto: browserCrypto, now: () => NOW };
    const oauth2 = createOAuth2Store({ ...deps, random: seededRandom(seed) });
    const s = oauth2.getState;
    await s().flowStarted(profile, profile.baseUrl);
    const authorizeUrl = await s().authorizationStarted();
    await s().urlPasted(await landedAt(authorizeUrl!));
    const callback = s().callbackOutcome!;
    if (!callback.ok) return { authorizeUrl, callback: callback.summary };
    await s().legSent('token');
    const tokens = s().runs.token?.outcome?.ok ? flowTokensOf(s()) : null;
    if (tokens) {
      // Its own source for the history records' ids, apart from the grant's.
      const oidc = createOidcStore({
        ...deps,
        random: seededRandom(seed + 1),
        jose: joseVerifier,
        profile: () => s().profile,
      });
      // OpenID Connect after the code grant in one go, the driver's sequence the CLI runs too.
      await oidc.getState().afterCodeRan(profile.oauth2.issuer, tokens, true);
    }
    return { authorizeUrl, callback: 'ok' };
  });
}

/** The CLI's run: `flow oauth2` with scope openid, the issuer given (--issuer). */
const cliOpenIdRun = (profile: Profile, seed: number): Promise<FlowRun> =>
  cliHostRun(front, profile, seed, 'oauth2', (options, report, effects) =>
    runOAuth2(
      profile,
      options,
      report,
      { idTokenAlg: null, lifecycle: false, bearerAsIssued: false },
      null,
      undefined,
      effects
    )
  );

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
      front.switched({ idTokenFault: fault });
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
const alteringUserInfo = (bridge: BridgeApi): BridgeApi =>
  new Proxy(bridge, {
    get: (target, name) =>
      name === 'httpSend'
        ? (input: NonNullable<Parameters<BridgeApi['httpSend']>[0]>) =>
            target.httpSend(
              input.record?.leg === 'userinfo'
                ? {
                    ...input,
                    request: {
                      ...input.request,
                      headers: input.request.headers.map(([n, v]) => [n, n === 'Accept' ? `${v}, */*` : v]),
                    },
                  }
                : input
            )
        : Reflect.get(target, name),
  });

/** A generated profile set to reach UserInfo (the right secret, a form body, a scope the mock knows). */
function reachingUserInfo(scope: string): Profile {
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
    oauth2: { ...profile.oauth2, scope, clientSecret: C.client.secret, tokenBody: 'form' },
  });
}

/** Runs that reach UserInfo beside the generated ones, so the property always covers it, and one refused for its nonce. */
const reachingExamples = (): [Profile, number, IdTokenFault][] => [
  [reachingUserInfo('openid'), 11, 'off'],
  [reachingUserInfo('openid profile'), 12, 'off'],
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
