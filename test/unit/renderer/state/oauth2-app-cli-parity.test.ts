import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { mockFront, type MockFront } from './parity-host';
import { appOAuth2Run, cliOAuth2Run } from './parity-runs';

/*
 * The OAuth 2 code grant is sequenced once (shared/flows/driver/): for the same profile, seeded random source and
 * fixed clock, the app's run (the page's store over the real host services) and the CLI's (`flow oauth2`) send the
 * same requests byte for byte and record the same verdicts, against the same mock over 127.0.0.1.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
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
      scope: fc.constantFrom('', 'read', 'read write', 'profile', 'admin'),
      clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
      grantTypeInAuthorization: fc.boolean(),
      // Each name once: the token request refuses a parameter set twice (RFC 6749 §3.2), in both runs alike.
      tokenParams: fc.uniqueArray(fc.tuple(fc.constantFrom('audience', 'resource', 'x'), paramText), {
        maxLength: 2,
        selector: ([name]) => name,
      }),
      headers: fc.array(fc.tuple(fc.constantFrom('User-Agent', 'X-Team', 'Accept'), headerValue), { maxLength: 2 }),
    })
    .map((p): Profile =>
      profileSchema.parse({
        id: 'parity',
        name: 'Generated',
        baseUrl: base(),
        service: p.service,
        headers: p.headers,
        callbackPort: 0,
        // A registered loopback redirect the catcher is not at: both runs send the same redirect_uri, the URL landed on is pasted.
        redirectUri: 'http://127.0.0.1:9/callback',
        oauth2: {
          clientId: C.client.id,
          clientSecret: p.clientSecret,
          scope: p.scope,
          pkce: p.pkce,
          clientAuthentication: p.clientAuthentication,
          tokenBody: p.tokenBody,
          tokenParams: p.tokenParams,
          grantTypeInAuthorization: p.grantTypeInAuthorization,
        },
      })
    );

/** How many runs reached the token endpoint (an unknown scope ends a run at the callback). */
let exchanged = 0;

/** The property: the same authorization URL, callback verdict, and recorded exchanges with their verdicts. */
const sameRun = (tamper?: (bridge: BridgeApi) => BridgeApi) =>
  fc.asyncProperty(
    profiles(() => front.base),
    fc.integer({ min: 1, max: 2 ** 31 }),
    async (profile, seed) => {
      const app = await appOAuth2Run(front, profile, seed, tamper);
      const cli = await cliOAuth2Run(front, profile, seed);
      if (app.exchanges.length > 0) exchanged += 1;
      // toStrictEqual: header lists as ordered arrays, every string (URL, body, summary) exactly.
      expect(app).toStrictEqual(cli);
    }
  );

/** A host that sends one header otherwise than asked: the planted divergence the property must catch. */
const alteringOneHeader = (bridge: BridgeApi): BridgeApi =>
  new Proxy(bridge, {
    get: (target, name) =>
      name === 'httpSend'
        ? (input: NonNullable<Parameters<BridgeApi['httpSend']>[0]>) =>
            target.httpSend({
              ...input,
              request: {
                ...input.request,
                headers: input.request.headers.map(([n, v]) => [n, n.toLowerCase() === 'user-agent' ? `${v} ` : v]),
              },
            })
        : Reflect.get(target, name),
  });

describe('the app and the CLI run the OAuth 2 code grant alike', () => {
  it('the same requests byte for byte and the same verdicts, for generated profiles and seeds', async () => {
    exchanged = 0;
    await fc.assert(sameRun(), { numRuns: 30 });
    expect(exchanged).toBeGreaterThan(10);
  }, 120_000);

  it('the property check catches a host that alters one header', async () => {
    const outcome = await fc.check(sameRun(alteringOneHeader), { numRuns: 20 });
    expect(outcome.failed).toBe(true);
    // Failed on the comparison (not a crash), at the request the host altered.
    const error = outcome.errorInstance as { message: string; actual: unknown; expected: unknown };
    expect(error.message).toMatch(/to strictly equal/);
    expect(JSON.stringify(error.actual)).toMatch(/"User-Agent","[^"]* "/);
    expect(JSON.stringify(error.expected)).not.toMatch(/"User-Agent","[^"]* "/);
  }, 120_000);
});
