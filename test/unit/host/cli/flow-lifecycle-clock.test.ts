import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dpopClientOf } from '../../../../host/cli/dpop-flags';
import type { CliIO } from '../../../../host/cli/io';
import { runOAuth2 } from '../../../../host/cli/flow/run-oauth2';
import { profileSchema } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { cliHostRun, mockFront, type MockFront } from '../../renderer/state/parity-host';

/*
 * `flow oauth2 --lifecycle --dpop` on a host whose clock is not the wall clock (a mock and a flow at a fixed time,
 * over 127.0.0.1): the lifecycle's refresh carries a DPoP proof whose iat is the flow's host port's clock, as the token
 * leg's is (RFC 9449 §4.2, §4.3 check 11), so the provider takes it.
 */
let front: MockFront;
let dpopKey: string;
beforeAll(async () => {
  front = await mockFront();
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  dpopKey = JSON.stringify(await exportJWK(privateKey));
});
afterAll(() => front.close());

const quiet = { stderr: { write: () => true } } as unknown as CliIO;

it("the lifecycle's refresh with DPoP draws its proof's iat from the flow's clock", async () => {
  const profile = profileSchema.parse({
    id: 'lifecycle',
    name: 'Lifecycle',
    baseUrl: front.base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey },
  });
  const run = await cliHostRun(front, profile, 5, 'oauth2', async (options, report, effects) => {
    const dpop = await dpopClientOf({ dpop: true }, quiet, { name: profile.name, on: true, key: dpopKey });
    const openId = { idTokenAlg: null, lifecycle: true, bearerAsIssued: false };
    return runOAuth2(profile, options, report, openId, dpop, undefined, effects).catch(() => null);
  });
  expect(run.exchanges.map((e) => `${e.leg} ${e.outcome}`).slice(0, 3)).toEqual([
    'authorize succeeded',
    'token succeeded',
    'refresh succeeded',
  ]);
}, 30_000);
