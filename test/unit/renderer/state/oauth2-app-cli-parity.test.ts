import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { IdTokenFault } from '../../../../shared/oidc/mock-switches';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { keepingJtis, proofsRead } from './dpop-proofs-read';
import {
  alteringOneHeader,
  alteringRequests,
  oneIssuerFront,
  pastedRedirectProfile,
  seededRandom,
  withHeaders,
  type MockFront,
} from './parity-host';
import { appOAuth2Run, cliOAuth2Run } from './parity-runs';

/*
 * The OAuth 2 code grant is sequenced once (shared/flows/driver/): for the same profile, seeded random source and
 * fixed clock, the app's run (the page's store over the real host services) and the CLI's (`flow oauth2`) send the
 * same requests byte for byte, record the same verdicts and keep the same tokens, against the same mock over
 * 127.0.0.1: with openid in scope (OpenID Connect after the code grant too), an id_token with another nonce (both
 * refuse it at the token leg, before keeping anything) and DPoP on (the same proofs, each jti drawn from the host
 * port's randomness and each iat from its clock, RFC 9449 §4.2).
 */
let front: MockFront;
let dpopKey: string;
beforeAll(async () => ({ front, dpopKey } = await oneIssuerFront()));
afterAll(() => front.close());

const headerValue = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ';', '=', '/', ','), maxLength: 8 });
const paramText = fc.string({ unit: fc.constantFrom('k', '7', ' ', '%', '&', '=', '+', 'é', '😀'), maxLength: 6 });

/** A profile as the profile form and the CLI flags build it, over the settings that change the code grant's requests. */
const profiles = (base: () => string) =>
  fc
    .record({
      service: fc.boolean(),
      pkce: fc.constantFrom('S256', 'plain', 'off'),
      clientAuthentication: fc.constantFrom('body', 'basic', 'none'),
      tokenBody: fc.constantFrom('form', 'json'),
      scope: fc.constantFrom('', 'read', 'read write', 'profile', 'admin', 'openid', 'openid profile'),
      dpop: fc.boolean(),
      clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
      grantTypeInAuthorization: fc.boolean(),
      // Each name once: the token request refuses a parameter set twice (RFC 6749 §3.2), in both runs alike.
      tokenParams: fc.uniqueArray(fc.tuple(fc.constantFrom('audience', 'resource', 'x'), paramText), {
        maxLength: 2,
        selector: ([name]) => name,
      }),
      headers: fc.array(fc.tuple(fc.constantFrom('User-Agent', 'X-Team', 'Accept'), headerValue), { maxLength: 2 }),
    })
    .map(({ service, headers, ...oauth2 }) =>
      pastedRedirectProfile(
        base(),
        { service, headers },
        // The mock's issuer, which its discovery, its id_token and its authorization response's iss (RFC 9207) name.
        { ...oauth2, dpopKey, issuer: front.issuer() }
      )
    );

/** What the generated runs reached: the token endpoint, UserInfo, a refused nonce, a DPoP proof. */
const reached = { exchanged: 0, userinfo: 0, refusedNonce: 0, proven: 0 };

/**
 * The property: the same authorization URL, callback verdict, recorded exchanges with their verdicts and kept tokens,
 * DPoP proofs read with their jti ranked (each run's host draws its own); each jti one its host port's randomness drew.
 */
const sameRun = (tamper?: (bridge: BridgeApi) => BridgeApi) =>
  fc.asyncProperty(
    profiles(() => front.base),
    fc.integer({ min: 1, max: 2 ** 31 }),
    // Now and then an id_token with another nonce (OIDC Core §3.1.3.7 item 11).
    fc.constantFrom<IdTokenFault>('off', 'off', 'off', 'wrong-nonce'),
    async (profile, seed, fault) => {
      // PKCE plain is taken only under allowPlainPkce (RFC 9700 §2.1.1): on for the profiles that use it, so their
      // code exchange (the verifier sent as it is) is compared too.
      front.switched({ idTokenFault: fault, allowPlainPkce: profile.oauth2.pkce === 'plain' });
      try {
        const drawn = { app: [] as string[], cli: [] as string[] };
        const appRandom = keepingJtis(seededRandom(seed), drawn.app);
        const oidcRandom = keepingJtis(seededRandom(seed + 1), drawn.app);
        const app = proofsRead(await appOAuth2Run(front, profile, seed, tamper, appRandom, oidcRandom));
        const cli = proofsRead(
          await cliOAuth2Run(front, profile, seed, false, keepingJtis(seededRandom(seed), drawn.cli))
        );
        count(app.run);
        // toStrictEqual: header lists as ordered arrays, every string (URL, body, summary) exactly.
        expect(app.run).toStrictEqual(cli.run);
        for (const jti of app.jtis) expect(drawn.app).toContain(jti);
        for (const jti of cli.jtis) expect(drawn.cli).toContain(jti);
      } finally {
        front.switched({});
      }
    }
  );

function count(run: Awaited<ReturnType<typeof appOAuth2Run>>): void {
  const token = run.exchanges.find((e) => e.leg === 'token');
  if (token) reached.exchanged += 1;
  if (run.exchanges.some((e) => e.leg === 'userinfo')) reached.userinfo += 1;
  if (token?.summary.includes('the nonce check failed')) {
    reached.refusedNonce += 1;
    // Refused before the host keeps anything.
    expect(run.saved).toEqual([]);
  }
  if (token?.request.headers.some(([n]) => n === 'DPoP')) reached.proven += 1;
}

/** A profile that reaches UserInfo (the right secret, a form body, openid), with DPoP on or off. */
function reaching(dpop: boolean): Profile {
  const profile = fc.sample(
    profiles(() => front.base),
    { seed: 7, numRuns: 1 }
  )[0]!;
  return profileSchema.parse({
    ...profile,
    headers: [],
    oauth2: {
      ...profile.oauth2,
      scope: 'openid profile',
      issuer: front.issuer(),
      clientSecret: C.client.secret,
      clientAuthentication: 'body',
      tokenBody: 'form',
      tokenParams: [],
      dpop,
    },
  });
}

/** Runs beside the generated ones, so the property always covers openid with DPoP, and a nonce refused. */
const examples = (): [Profile, number, IdTokenFault][] => [
  [reaching(true), 21, 'off'],
  [reaching(false), 22, 'off'],
  [reaching(true), 23, 'wrong-nonce'],
];

/** A host that sends each DPoP proof with a jti of its own (the proof no longer verifies): the planted divergence. */
const ownJti = alteringRequests((r) => withHeaders(r, (n, v) => (n === 'DPoP' ? withJti(v, 'planted') : v)));

/** The proof with its claims' jti replaced (its signature left as it was). */
function withJti(jwt: string, jti: string): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, jti })).toString('base64url'), signature].join('.');
}

describe('the app and the CLI run the OAuth 2 code grant alike', () => {
  it('the same requests byte for byte and the same verdicts, for generated profiles and seeds', async () => {
    Object.assign(reached, { exchanged: 0, userinfo: 0, refusedNonce: 0, proven: 0 });
    await fc.assert(sameRun(), { numRuns: 30, examples: examples() });
    expect(reached.exchanged).toBeGreaterThan(10);
    expect(reached.userinfo).toBeGreaterThanOrEqual(2);
    expect(reached.refusedNonce).toBeGreaterThanOrEqual(1);
    expect(reached.proven).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('the property check catches a host that alters one header', async () => {
    const outcome = await fc.check(sameRun(alteringOneHeader), { numRuns: 20, examples: examples() });
    expect(outcome.failed).toBe(true);
    // Failed on the comparison (not a crash), at the request the host altered.
    const error = outcome.errorInstance as { message: string; actual: unknown; expected: unknown };
    expect(error.message).toMatch(/to strictly equal/);
    expect(JSON.stringify(error.actual)).toMatch(/"User-Agent","[^"]* "/);
    expect(JSON.stringify(error.expected)).not.toMatch(/"User-Agent","[^"]* "/);
  }, 240_000);

  it('the property check catches a host whose DPoP proofs carry a jti of their own', async () => {
    const outcome = await fc.check(sameRun(ownJti), { numRuns: 5, examples: examples() });
    expect(outcome.failed).toBe(true);
    const error = outcome.errorInstance as { message: string };
    expect(error.message).toMatch(/to strictly equal|to contain/);
  }, 240_000);
});
