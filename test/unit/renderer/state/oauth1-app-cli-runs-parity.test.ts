import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { alteringOneHeader, mockFront, type MockFront } from './parity-host';
import { appOAuth1Run, cliOAuth1Run } from './parity-runs';

/*
 * OAuth 1.0a's three legs are sequenced once (shared/flows/driver/grants/oauth1-three-legged.ts): for the same
 * profile, nonces and clock, the app's run (the page's store over the real host services) and the CLI's
 * (`flow oauth1`) sign and send the same requests byte for byte and record the same verdicts, against the same
 * mock over 127.0.0.1. (oauth1-app-cli-parity.test.ts holds the signing itself to it over many more profiles.)
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

const headerValue = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ';', '=', '/', ','), maxLength: 8 });

const profiles = (base: () => string) =>
  fc
    .record({
      service: fc.boolean(),
      // The mock accepts HMAC-SHA1 only (interface §5.1): the others are refused at the first leg, alike.
      signatureMethod: fc.constantFrom('HMAC-SHA1', 'HMAC-SHA1', 'HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'),
      placement: fc.constantFrom('header', 'query', 'body'),
      includeVersion: fc.boolean(),
      realm: fc.constantFrom('', 'Photos', 'a b'),
      consumerSecret: fc.constantFrom(C.consumer.secret, C.consumer.secret, C.consumer.secret, 'wrong'),
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
        // A registered loopback callback the catcher is not at: both runs send the same oauth_callback.
        redirectUri: 'http://127.0.0.1:9/callback',
        oauth1: {
          consumerKey: C.consumer.key,
          consumerSecret: p.consumerSecret,
          signatureMethod: p.signatureMethod,
          placement: p.placement,
          includeVersion: p.includeVersion,
          realm: p.realm,
        },
      })
    );

let exchanged = 0;

const sameRun = (tamper?: (bridge: BridgeApi) => BridgeApi) =>
  fc.asyncProperty(
    profiles(() => front.base),
    fc.integer({ min: 1, max: 255 }),
    async (profile, seed) => {
      const app = await appOAuth1Run(front, profile, seed, tamper);
      const cli = await cliOAuth1Run(front, profile, seed);
      if (app.exchanges.length > 1) exchanged += 1;
      expect(app).toStrictEqual(cli);
    }
  );

describe('the app and the CLI run OAuth 1.0a alike', () => {
  it('the same signed requests byte for byte and the same verdicts, for generated profiles and nonces', async () => {
    exchanged = 0;
    await fc.assert(sameRun(), { numRuns: 25 });
    // Many runs reach the access token leg (a wrong secret or a method the mock refuses ends one at the first).
    expect(exchanged).toBeGreaterThan(3);
  }, 120_000);

  it('the property check catches a host that alters one header', async () => {
    const outcome = await fc.check(sameRun(alteringOneHeader), { numRuns: 10 });
    expect(outcome.failed).toBe(true);
    const error = outcome.errorInstance as { message: string; actual: unknown; expected: unknown };
    expect(error.message).toMatch(/to strictly equal/);
    expect(JSON.stringify(error.actual)).toMatch(/"User-Agent","[^"]* "/);
  }, 120_000);
});
