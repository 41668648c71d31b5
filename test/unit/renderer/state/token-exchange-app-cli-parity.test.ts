import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createTokenEndpointGrantStore } from '../../../../renderer/state/machine/machine-stores';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { tokenExchangeGrant } from '../../../../shared/flows/driver/grants/token-exchange';
import { profileSchema } from '../../../../shared/store/profile';
import { C, send } from '../../mock-provider/helpers';
import { runCli } from '../../host/cli/run-cli';
import { hostBridge } from './host-bridge';
import { mockFront, NOW, recorded, seededRandom, type MockFront } from './parity-host';

/*
 * The token exchange (RFC 8693 §2.1) is one spec on the driver's generic token-endpoint grant, and its page and
 * `oauth-lab flow token-exchange` are derived from it: for the same settings (a profile and the page's fields in
 * the app, flags on the command line) and a mock drawing from the same seed, both send the same request byte for
 * byte and record the same verdict, over 127.0.0.1. The subject token is an access token the fresh mock issues
 * first (client credentials), the same for both runs of a seed.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront({ keepPort: true });
});
afterAll(() => front.close());

const TYPE = (t: string) => `urn:ietf:params:oauth:token-type:${t}`;
const settings = fc.record({
  clientAuthentication: fc.constantFrom('body', 'basic'),
  clientSecret: fc.constantFrom(C.client.secret, 'wrong'),
  subjectType: fc.constantFrom(TYPE('access_token'), TYPE('id_token'), 'urn:example:passport'),
  audience: fc.constantFrom('', 'issuer', 'https://elsewhere.example'),
  resources: fc.constantFrom([], ['/api/v2/me'], ['/api/v2/me', '/mcp']),
  requested: fc.constantFrom('', TYPE('access_token'), TYPE('saml2')),
});
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never;

/** The fresh mock's first access token: the subject token, the same for both runs of a seed. */
async function subjectToken(): Promise<string> {
  // Its own connection (no keep-alive): the front relays each connection to the mock of the moment.
  const r = await send(front.base, {
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: C.client.id,
      client_secret: C.client.secret,
    }).toString(),
  });
  return (JSON.parse(r.body) as { access_token: string }).access_token;
}

/** The parameters' values as the page's fields hold them (the resources one per line). */
const valuesOf = (s: Settings, subject: string): Record<string, string> => ({
  subject_token: subject,
  subject_token_type: s.subjectType,
  ...(s.audience ? { audience: s.audience === 'issuer' ? front.issuer() : s.audience } : {}),
  ...(s.resources.length ? { resource: s.resources.map((r) => front.issuer() + r).join('\n') } : {}),
  ...(s.requested ? { requested_token_type: s.requested } : {}),
});

async function appRun(s: Settings, seed: number, tamper: (b: BridgeApi) => BridgeApi) {
  await front.fresh(seed);
  const values = valuesOf(s, await subjectToken());
  const host = hostBridge();
  try {
    const profile = profileSchema.parse({
      id: 'parity',
      name: 'Generated',
      baseUrl: front.base,
      oauth2: { clientId: C.client.id, clientSecret: s.clientSecret, clientAuthentication: s.clientAuthentication },
    });
    const deps = { bridge: tamper(host.bridge), crypto: browserCrypto, random: seededRandom(seed), now: () => NOW };
    const store = createTokenEndpointGrantStore(deps, tokenExchangeGrant);
    await store.getState().flowStarted(profile, front.base);
    // The page's fields.
    store.getState().flowEdited((f) => ({ ...f, config: { ...f.config, scope: null, values } }));
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
  const values = valuesOf(s, await subjectToken());
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-token-exchange-parity-'));
  try {
    const file = join(dir, 'subject.txt');
    writeFileSync(file, values.subject_token!);
    const args = ['flow', 'token-exchange', '--base-url', front.base, '--client-id', C.client.id];
    args.push('--client-auth', s.clientAuthentication, '--client-secret', s.clientSecret, '--store-dir', dir);
    args.push('--subject-token-file', file, '--subject-token-type', values.subject_token_type!);
    if (values.audience) args.push('--audience', values.audience);
    for (const r of values.resource?.split('\n') ?? []) args.push('--resource', r);
    if (values.requested_token_type) args.push('--requested-token-type', values.requested_token_type);
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

describe('the app and the CLI run the token exchange alike', () => {
  it('the same request byte for byte and the same verdict, for generated settings and seeds', async () => {
    await fc.assert(sameRun(), { numRuns: 15 });
  }, 120_000);

  it('a valid exchange gets a token with its issued_token_type in both', async () => {
    const s: Settings = {
      clientAuthentication: 'basic',
      clientSecret: C.client.secret,
      subjectType: TYPE('access_token'),
      audience: 'issuer',
      resources: ['/api/v2/me', '/mcp'],
      requested: TYPE('access_token'),
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
