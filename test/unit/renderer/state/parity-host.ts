import { get } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { createServer, connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { FlowReport, FlowFailure } from '../../../../host/cli/flow/report';
import type { FlowRunOptions } from '../../../../host/cli/flow/options';
import type { CliEffects } from '../../../../host/cli/flow/cli-host-port';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { MockProvider, updateMockSettings } from '../../../../mock-provider';

/** Mock switches by name (the mock checks them). */
type MockSwitches = Readonly<Record<string, unknown>>;
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { RawRequest } from '../../../../shared/http';
import type { RandomPort } from '../../../../shared/ports';
import type { HistoryEntry } from '../../../../shared/store/history';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from './host-bridge';

/** The fixed clock both runs read (and the mock's). */
export const NOW = 1_760_000_000_000;

/** A deterministic byte source (xorshift32): the same seed draws the same nonces, state and PKCE verifier. */
export function seededRandom(seed: number): RandomPort {
  let s = seed >>> 0 || 0x9e3779b9;
  return {
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) {
        s ^= s << 13;
        s >>>= 0;
        s ^= s >>> 17;
        s ^= s << 5;
        s >>>= 0;
        out[i] = s & 0xff;
      }
      return out;
    },
  };
}

/**
 * One address for a fresh mock per run: each run gets a new mock with its randomness from the run's seed (so it
 * issues the same code and tokens) behind this loopback listener (port 0), which relays each connection to the
 * current mock, so both runs send to the same base URL. `keepPort`: every mock listens on the first one's port, so
 * each has the same issuer (`issuer()`, its own URL: OpenID Connect's discovery and id_token name it).
 */
export async function mockFront({ keepPort = false }: { readonly keepPort?: boolean } = {}) {
  let mock: MockProvider | null = null;
  let port = 0;
  // Without keepPort each mock has a port (its issuer) of its own, which no profile can name: it leaves iss out of
  // its authorization responses (RFC 9207), as a server that does not support it would.
  const frontSwitches: MockSwitches = keepPort ? {} : { issParameter: false };
  let switches: MockSwitches = {};
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stopMock = async () => {
    await mock?.stop();
    mock = null;
    for (const s of sockets) s.destroy();
  };
  return {
    base,
    /** A fresh mock (auto-login as demo, the fixed clock) drawing from `seed`, behind `base`. */
    async fresh(seed: number): Promise<void> {
      await stopMock();
      mock = new MockProvider({ autoLoginUser: 'demo', random: seededRandom(seed), clock: { now: () => NOW } });
      port = Number(new URL(await mock.start(keepPort ? { port } : {})).port);
      updateMockSettings(mock.context, { switches: { ...frontSwitches, ...switches } });
    },
    /** The mock's switches for every fresh mock from now on (an id_token fault, say). */
    switched(to: MockSwitches): void {
      switches = to;
    },
    /** The current mock's own URL (its issuer). */
    issuer: () => `http://127.0.0.1:${port}`,
    async close(): Promise<void> {
      await stopMock();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MockFront = Awaited<ReturnType<typeof mockFront>>;

/**
 * The front of a file whose runs share one issuer: every mock on the first one's port (`keepPort`), that first mock
 * up, so the issuer is known before the profiles are drawn (the one OpenID Connect discovers, whose metadata names
 * the endpoints); with the profiles' DPoP key, a private JWK's text as the profile form keeps it.
 */
export async function oneIssuerFront(): Promise<{ front: MockFront; dpopKey: string }> {
  const front = await mockFront({ keepPort: true });
  await front.fresh(1);
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { front, dpopKey: JSON.stringify(await exportJWK(privateKey)) };
}

type SendInput = NonNullable<Parameters<BridgeApi['httpSend']>[0]>;

/**
 * A host that sends each request as `alter` makes it (given the request and its leg): a planted divergence the
 * parity properties must catch.
 */
export const alteringRequests =
  (alter: (request: SendInput['request'], leg: string | undefined) => SendInput['request']) =>
  (bridge: BridgeApi): BridgeApi =>
    new Proxy(bridge, {
      get: (target, name) =>
        name === 'httpSend'
          ? (input: SendInput) => target.httpSend({ ...input, request: alter(input.request, input.record?.leg) })
          : Reflect.get(target, name),
    });

/** The request's headers with `value` mapping each one's value by name. */
export const withHeaders = (
  request: SendInput['request'],
  value: (name: string, value: string) => string
): SendInput['request'] => ({ ...request, headers: request.headers.map(([n, v]) => [n, value(n, v)]) });

/** A host that sends the User-Agent header with a space more. */
export const alteringOneHeader = alteringRequests((r) =>
  withHeaders(r, (n, v) => (n.toLowerCase() === 'user-agent' ? `${v} ` : v))
);

/**
 * What a run sent and judged: the authorization URL, the callback's verdict, each recorded exchange with its verdict,
 * and the access tokens the host kept (the page's saved tokens, `flow --save`'s).
 */
export interface FlowRun {
  readonly authorizeUrl: string | null;
  readonly callback: string;
  readonly exchanges: readonly { leg: string; request: RawRequest; outcome: string; summary: string }[];
  readonly saved: readonly string[];
}

export const recorded = (entries: readonly HistoryEntry[]) =>
  entries.map((e) => ({ leg: e.leg, request: e.exchange.request, outcome: e.outcome, summary: e.summary }));

/** The user's browser at the mock (auto-login): the URL it is redirected to, which the user pastes. */
export function landedAt(url: string): Promise<string> {
  // A connection of its own (no keep-alive pool): each run's mock is a new one behind the same address.
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (r) => {
      r.resume();
      const location = r.headers.location;
      if (location) resolve(location);
      else reject(new Error(`the mock did not redirect (${r.statusCode}) from ${url}`));
    }).on('error', reject);
  });
}

/**
 * The app's run: `drive` works a page's store with a bridge wired to the real host services (transport, catcher,
 * history store) over the contract's dispatch; then what the host recorded. `tamper` plants a divergence in the host.
 */
export async function appHostRun(
  front: MockFront,
  seed: number,
  tamper: (bridge: BridgeApi) => BridgeApi,
  drive: (bridge: BridgeApi) => Promise<Omit<FlowRun, 'exchanges' | 'saved'>>
): Promise<FlowRun> {
  await front.fresh(seed);
  const host = hostBridge();
  const saved: string[] = [];
  // The tokens the page keeps, as it asks the host to save them.
  const saving = new Proxy(host.bridge, {
    get: (target, name) =>
      name === 'tokenSave'
        ? (input: NonNullable<Parameters<BridgeApi['tokenSave']>[0]>) => {
            saved.push(input.token.token);
            return target.tokenSave(input);
          }
        : Reflect.get(target, name),
  });
  try {
    const run = await drive(tamper(saving));
    const history = await host.bridge.historyList({ offset: 0, limit: 100 });
    if (!history.ok) throw new Error(history.error.message);
    return { ...run, exchanges: recorded([...history.value.entries].reverse()), saved };
  } finally {
    await host.close();
  }
}

/**
 * The CLI's run: `run` is a `flow` command's runner on its own host (catcher, transport, history), with the seeded
 * effects; the URL it prints is followed and the URL landed on pasted on stdin.
 */
export async function cliHostRun(
  front: MockFront,
  profile: Profile,
  seed: number,
  flow: 'oauth1' | 'oauth2',
  run: (options: FlowRunOptions, report: FlowReport, effects: CliEffects) => Promise<unknown>,
  random: RandomPort = seededRandom(seed)
): Promise<FlowRun> {
  await front.fresh(seed);
  const entries: HistoryEntry[] = [];
  const stdin = new PassThrough();
  let err = '';
  let authorizeUrl: string | null = null;
  const report = new FlowReport({
    write: (text: string) => {
      err += text;
      const url = /Open this URL to authorize:\n(\S+)\n/.exec(err)?.[1];
      if (url && authorizeUrl === null) {
        authorizeUrl = url;
        // Nothing pasted (the wait ends the flow) when the browser gets no redirect.
        landedAt(url).then(
          (landed) => stdin.write(`${landed}\n`),
          () => stdin.end()
        );
      }
    },
  });
  let ids = 0;
  let callback = 'ok';
  const saved: string[] = [];
  const options: FlowRunOptions = {
    open: false,
    waitTimeoutMs: 10_000,
    send: { allowSelfSigned: profile.allowSelfSigned, timeoutMs: profile.timeoutMs, env: {} },
    stdin,
    onTokens: ({ tokens }) => saved.push(tokens.token),
    recording: (leg) => ({
      history: { historyAdd: ({ entry }) => entries.push(entry) },
      record: { id: `cli-${ids++}`, profileId: profile.id, flow, leg },
      now: () => NOW,
    }),
  };
  try {
    await run(options, report, { random, crypto: nodeCrypto, now: () => NOW });
  } catch (e) {
    if (!(e instanceof FlowFailure)) throw e;
    if (e.step === 'authorize') callback = e.message;
  }
  return { authorizeUrl, callback, exchanges: recorded(entries), saved };
}

/**
 * A generated profile of the code grant's parity tests at `base`: the mock's client with `oauth2`'s settings, and
 * a registered loopback redirect the catcher is not at (both runs send the same redirect_uri; the URL landed on is
 * pasted).
 */
export const pastedRedirectProfile = (
  base: string,
  more: { readonly headers: readonly (readonly [string, string])[]; readonly service?: boolean },
  oauth2: Record<string, unknown>
): Profile =>
  profileSchema.parse({
    id: 'parity',
    name: 'Generated',
    baseUrl: base,
    ...more,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, ...oauth2 },
  });
