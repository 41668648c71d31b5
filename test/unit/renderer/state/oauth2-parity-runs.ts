import { get } from 'node:http';
import { createServer, connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { FlowReport, FlowFailure } from '../../../../electron/cli/flow/report';
import { runOAuth2 } from '../../../../electron/cli/flow/run-oauth2';
import { nodeCrypto } from '../../../../electron/services/node-crypto';
import { MockProvider } from '../../../../electron/services/provider';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2-store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { RawRequest } from '../../../../shared/http';
import type { RandomPort } from '../../../../shared/ports';
import type { HistoryEntry } from '../../../../shared/store/history';
import type { Profile } from '../../../../shared/store/profile';
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
 * current mock, so both runs send to the same base URL.
 */
export async function mockFront() {
  let mock: MockProvider | null = null;
  let port = 0;
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
      port = Number(new URL(await mock.start()).port);
    },
    async close(): Promise<void> {
      await stopMock();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MockFront = Awaited<ReturnType<typeof mockFront>>;

/** What a run sent and judged: the authorization URL, the callback's verdict, each recorded exchange with its verdict. */
export interface FlowRun {
  readonly authorizeUrl: string | null;
  readonly callback: string;
  readonly exchanges: readonly { leg: string; request: RawRequest; outcome: string; summary: string }[];
}

const recorded = (entries: readonly HistoryEntry[]) =>
  entries.map((e) => ({ leg: e.leg, request: e.exchange.request, outcome: e.outcome, summary: e.summary }));

/** The user's browser at the mock (auto-login): the URL it is redirected to, which the user pastes. */
function landedAt(url: string): Promise<string> {
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
 * The app's run: the OAuth 2 page's store with its bridge wired to the real host services (transport, catcher,
 * history store) over the contract's dispatch; the URL landed on is pasted. `tamper` plants a divergence in the host.
 */
export async function appRun(
  front: MockFront,
  profile: Profile,
  seed: number,
  tamper: (bridge: BridgeApi) => BridgeApi = (b) => b
): Promise<FlowRun> {
  await front.fresh(seed);
  const host = hostBridge();
  try {
    const bridge = tamper(host.bridge);
    const store = createOAuth2Store({ bridge, crypto: browserCrypto, random: seededRandom(seed), now: () => NOW });
    const s = store.getState;
    await s().flowStarted(profile, profile.baseUrl);
    const authorizeUrl = await s().authorizationStarted();
    await s().urlPasted(await landedAt(authorizeUrl!));
    const callback = s().callbackOutcome!;
    if (callback.ok) await s().legSent('token');
    const history = await host.bridge.historyList({ offset: 0, limit: 100 });
    if (!history.ok) throw new Error(history.error.message);
    return {
      authorizeUrl,
      callback: callback.ok ? 'ok' : callback.summary,
      exchanges: recorded([...history.value.entries].reverse()),
    };
  } finally {
    await host.close();
  }
}

/** The CLI's run: `flow oauth2`'s runOAuth2 on its own host (catcher, transport, history), the URL landed on pasted on stdin. */
export async function cliRun(front: MockFront, profile: Profile, seed: number): Promise<FlowRun> {
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
  try {
    await runOAuth2(
      profile,
      {
        open: false,
        waitTimeoutMs: 10_000,
        send: { allowSelfSigned: profile.allowSelfSigned, timeoutMs: profile.timeoutMs, env: {} },
        stdin,
        recording: (leg) => ({
          history: { historyAdd: ({ entry }) => entries.push(entry) },
          record: { id: `cli-${ids++}`, profileId: profile.id, flow: 'oauth2', leg },
          now: () => NOW,
        }),
      },
      report,
      undefined,
      { random: seededRandom(seed), crypto: nodeCrypto, now: () => NOW }
    );
  } catch (e) {
    if (!(e instanceof FlowFailure)) throw e;
    if (e.step === 'authorize') callback = e.message;
  }
  return { authorizeUrl, callback, exchanges: recorded(entries) };
}
