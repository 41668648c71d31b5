import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createTokenEndpointGrantStore } from '../../../../renderer/state/machine/machine-stores';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { CLIENT_GRANTS } from '../../../../shared/flows/driver/registry';
import { profileSchema } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { runCli } from '../../host/cli/run-cli';
import { hostBridge } from './host-bridge';
import { mockFront, NOW, recorded, seededRandom, type MockFront } from './parity-host';

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

async function appRun(s: Settings, seed: number, tamper: (b: BridgeApi) => BridgeApi) {
  await front.fresh(seed);
  const assertion = await assertionFor(s.assertion, seed);
  const host = hostBridge();
  try {
    const profile = profileSchema.parse({
      id: 'parity',
      name: 'Generated',
      baseUrl: front.base,
      oauth2: {
        clientId: C.client.id,
        clientSecret: s.clientSecret,
        clientAuthentication: s.clientAuthentication,
        scope: s.scope,
      },
    });
    const deps = { bridge: tamper(host.bridge), crypto: browserCrypto, random: seededRandom(seed), now: () => NOW };
    const store = createTokenEndpointGrantStore(deps, CLIENT_GRANTS.jwt_bearer);
    await store.getState().flowStarted(profile, front.base);
    // The page's field.
    store.getState().flowEdited((f) => ({ ...f, config: { ...f.config, values: { assertion } } }));
    await store.getState().legSent('token');
    const history = await host.bridge.historyList({ offset: 0, limit: 100 });
    if (!history.ok) throw new Error(history.error.message);
    return recorded([...history.value.entries].reverse());
  } finally {
    await host.close();
  }
}

async function cliRun(s: Settings, seed: number) {
  await front.fresh(seed);
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-jwt-bearer-parity-'));
  try {
    const file = join(dir, 'assertion.jwt');
    writeFileSync(file, await assertionFor(s.assertion, seed));
    const args = ['flow', 'jwt-bearer', '--base-url', front.base, '--client-id', C.client.id];
    args.push('--client-auth', s.clientAuthentication, '--store-dir', dir, '--assertion-file', file);
    if (s.clientAuthentication !== 'none') args.push('--client-secret', s.clientSecret);
    if (s.scope) args.push('--scope', s.scope);
    await runCli(args);
    const store = createAppStore({ cwd: dir });
    const history = await store.historyList({ offset: 0, limit: 100 });
    return recorded([...history.entries].reverse());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sameRun = (tamper: (b: BridgeApi) => BridgeApi = (b) => b) =>
  fc.asyncProperty(settings, fc.integer({ min: 1, max: 2 ** 31 }), async (s, seed) => {
    const app = await appRun(s, seed, tamper);
    const cli = await cliRun(s, seed);
    expect(app).toHaveLength(1);
    expect(app).toStrictEqual(cli);
  });

/** A host that sends the body with one byte more: the planted divergence the property must catch. */
const alteringTheBody = (bridge: BridgeApi): BridgeApi =>
  new Proxy(bridge, {
    get: (target, name) =>
      name === 'httpSend'
        ? (input: NonNullable<Parameters<BridgeApi['httpSend']>[0]>) =>
            target.httpSend({ ...input, request: { ...input.request, body: `${input.request.body ?? ''}&` } })
        : Reflect.get(target, name),
  });

describe('the app and the CLI run the JWT bearer grant alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameRun(), { numRuns: 15 });
  }, 120_000);

  it('a valid assertion gets a token in both', async () => {
    const s: Settings = {
      clientAuthentication: 'basic',
      clientSecret: C.client.secret,
      scope: 'read',
      assertion: 'valid',
    };
    const app = await appRun(s, 7, (b) => b);
    expect(app[0]!.outcome).toBe('succeeded');
    expect(app[0]!.summary).toContain('Access token received');
    expect(app).toStrictEqual(await cliRun(s, 7));
  }, 60_000);

  it('the property check catches a host that alters the body', async () => {
    const outcome = await fc.check(sameRun(alteringTheBody), { numRuns: 5 });
    expect(outcome.failed).toBe(true);
    expect((outcome.errorInstance as Error).message).toMatch(/to strictly equal/);
  }, 120_000);
});
