import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createClientCredentialsStore } from '../../../../renderer/state/machine/machine-stores';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { runCli } from '../../host/cli/run-cli';
import { hostBridge } from './host-bridge';
import { mockFront, NOW, recorded, seededRandom, type MockFront } from './parity-host';

/*
 * Client credentials is sequenced once (shared/flows/driver/grants/client-credentials.ts): for the same settings
 * (a profile and the page's fields in the app, flags on the command line) and a mock drawing from the same seed,
 * the app's run (the page's store over the real host services) and `oauth-lab flow client-credentials` send the
 * same requests byte for byte and record the same verdicts, over 127.0.0.1.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

const settings = fc.record({
  clientAuthentication: fc.constantFrom('body', 'basic', 'none'),
  clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
  scope: fc.constantFrom('', 'read', 'read write', 'admin'),
  resources: fc.array(fc.constantFrom('https://api.example.com/', 'urn:x:files', 'https://a.example/?q=1 2'), {
    maxLength: 2,
  }),
  audience: fc.constantFrom('', 'https://api.example.com'),
});
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never;

async function appRun(s: Settings, seed: number, tamper: (b: BridgeApi) => BridgeApi) {
  await front.fresh(seed);
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
    const store = createClientCredentialsStore(deps);
    store.getState().flowStarted(profile, front.base);
    // The page's fields.
    store.getState().flowEdited((f) => ({
      ...f,
      config: { ...f.config, resources: s.resources, audience: s.audience || null },
    }));
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
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-cc-parity-'));
  try {
    const args = ['flow', 'client-credentials', '--base-url', front.base, '--client-id', C.client.id];
    args.push('--client-auth', s.clientAuthentication, '--store-dir', dir);
    if (s.clientAuthentication !== 'none') args.push('--client-secret', s.clientSecret);
    if (s.scope) args.push('--scope', s.scope);
    for (const r of s.resources) args.push('--resource', r);
    if (s.audience) args.push('--audience', s.audience);
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

describe('the app and the CLI run client credentials alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameRun(), { numRuns: 15 });
  }, 120_000);

  it('the property check catches a host that alters the body', async () => {
    const outcome = await fc.check(sameRun(alteringTheBody), { numRuns: 5 });
    expect(outcome.failed).toBe(true);
    expect((outcome.errorInstance as Error).message).toMatch(/to strictly equal/);
  }, 120_000);
});
