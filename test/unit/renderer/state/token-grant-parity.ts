import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { createAppStore } from '../../../../host/store';
import type { RendererDeps } from '../../../../renderer/app/deps';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { runCli } from '../../host/cli/run-cli';
import { hostBridge } from './host-bridge';
import { alteringRequests, NOW, recorded, seededRandom, type MockFront } from './parity-host';

/** A grant that is one token request, as its parity test runs it in the app and with `oauth-lab flow <command>`. */
export interface TokenGrantParity<S extends TokenGrantSettings, I> {
  /** The mock both runs send to. */
  readonly front: () => MockFront;
  readonly settings: fc.Arbitrary<S>;
  /** `oauth-lab flow <command>`. */
  readonly command: string;
  /** The run's input, made once the seed's fresh mock is up (a token it issues, an assertion naming it). */
  readonly inputOf: (s: S, seed: number) => Promise<I>;
  /** The profile's OAuth 2 settings besides the client's id, secret and authentication. */
  readonly oauth2?: (s: S) => Record<string, unknown>;
  /** The page: its store started on the profile, its fields edited, its token leg sent. */
  readonly drive: (deps: RendererDeps, profile: Profile, input: I, s: S) => Promise<void>;
  /** The command's flags besides the client's and --store-dir; `dir` holds any file they name. */
  readonly flags: (s: S, input: I, dir: string) => string[] | Promise<string[]>;
}

/** The client's settings every such grant draws. */
export interface TokenGrantSettings {
  readonly clientAuthentication: string;
  readonly clientSecret: string;
}

const asIs = (bridge: BridgeApi) => bridge;

/** The app's run over the real host services (`tamper` plants a divergence in the host): what the host recorded. */
async function appRun<S extends TokenGrantSettings, I>(
  p: TokenGrantParity<S, I>,
  s: S,
  seed: number,
  tamper: (b: BridgeApi) => BridgeApi
) {
  const front = p.front();
  await front.fresh(seed);
  const input = await p.inputOf(s, seed);
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
        ...p.oauth2?.(s),
      },
    });
    const deps = { bridge: tamper(host.bridge), crypto: browserCrypto, random: seededRandom(seed), now: () => NOW };
    await p.drive(deps, profile, input, s);
    const history = await host.bridge.historyList({ offset: 0, limit: 100 });
    if (!history.ok) throw new Error(history.error.message);
    return recorded([...history.value.entries].reverse());
  } finally {
    await host.close();
  }
}

/** The CLI's run in a store directory of its own: what it recorded. */
async function cliRun<S extends TokenGrantSettings, I>(p: TokenGrantParity<S, I>, s: S, seed: number) {
  const front = p.front();
  await front.fresh(seed);
  const input = await p.inputOf(s, seed);
  const dir = mkdtempSync(join(tmpdir(), `oauth-lab-${p.command}-parity-`));
  try {
    const args = ['flow', p.command, '--base-url', front.base, '--client-id', C.client.id];
    args.push('--client-auth', s.clientAuthentication, '--store-dir', dir);
    if (s.clientAuthentication !== 'none') args.push('--client-secret', s.clientSecret);
    await runCli([...args, ...(await p.flags(s, input, dir))]);
    const store = createAppStore({ cwd: dir });
    const history = await store.historyList({ offset: 0, limit: 100 });
    return recorded([...history.entries].reverse());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The property: for generated settings and seeds, one request each, the same byte for byte with the same verdict. */
export const sameTokenGrantRun = <S extends TokenGrantSettings, I>(
  p: TokenGrantParity<S, I>,
  tamper: (b: BridgeApi) => BridgeApi = asIs
) =>
  fc.asyncProperty(p.settings, fc.integer({ min: 1, max: 2 ** 31 }), async (s, seed) => {
    const app = await appRun(p, s, seed, tamper);
    const cli = await cliRun(p, s, seed);
    expect(app).toHaveLength(1);
    expect(app).toStrictEqual(cli);
  });

/** One valid run: the app's succeeds with a token, and the CLI's records the same. */
export async function expectTokenInBoth<S extends TokenGrantSettings, I>(p: TokenGrantParity<S, I>, s: S) {
  const app = await appRun(p, s, 7, asIs);
  expect(app[0]!.outcome).toBe('succeeded');
  expect(app[0]!.summary).toContain('Access token received');
  expect(app).toStrictEqual(await cliRun(p, s, 7));
}

/** A host that sends the body with one byte more: the planted divergence the property must catch. */
const alteringTheBody = alteringRequests((r) => ({ ...r, body: `${r.body ?? ''}&` }));

/** The property fails on a host that alters the body. */
export async function expectAlteredBodyCaught<S extends TokenGrantSettings, I>(p: TokenGrantParity<S, I>) {
  const outcome = await fc.check(sameTokenGrantRun(p, alteringTheBody), { numRuns: 5 });
  expect(outcome.failed).toBe(true);
  expect((outcome.errorInstance as Error).message).toMatch(/to strictly equal/);
}
