import type { BridgeApi } from '../../../../shared/bridge/api';
import type { HistoryEntry, HistoryQuery } from '../../../../shared/store/history';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createStores, type Stores } from '../../../../renderer/app/stores';

export const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);

const LEGS = [
  ['oauth1', 'requestToken', 'POST', '/oauth/v1/request_token'],
  ['oauth1', 'accessToken', 'POST', '/oauth/v1/access_token'],
  ['oauth1', 'api', 'GET', '/api/v1/me'],
  ['oauth2', 'token', 'POST', '/oauth/v2/token'],
  ['oauth2', 'refresh', 'POST', '/oauth/v2/token'],
] as const;

/** Entry i (0 = newest): a deterministic mix of flows, legs, profiles and outcomes. */
export function entry(i: number): HistoryEntry {
  const [flow, leg, method, path] = LEGS[i % LEGS.length]!;
  const failed = i % 7 === 3;
  const status = failed ? 401 : 200;
  const body =
    flow === 'oauth2' ? 'grant_type=authorization_code&client_id=app&client_secret=s3cr3t-value&code=abc' : undefined;
  return {
    id: `e${i}`,
    profileId: i % 3 === 0 ? 'real' : 'mock',
    flow,
    leg,
    outcome: failed ? 'failed' : 'succeeded',
    summary: failed
      ? `Entry ${i}: 401, the signature does not match (oauth_problem=signature_invalid).`
      : `Entry ${i}: ${leg} answered ${status}.`,
    at: T0 - i * 1000,
    exchange: {
      request: {
        method,
        url: `http://127.0.0.1:4000${path}?x=${i}`,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        ...(body ? { body } : {}),
      },
      response: {
        status,
        statusText: failed ? 'Unauthorized' : 'OK',
        headers: [['Content-Type', 'application/json']],
        bodyText: failed ? '{"error":"signature_invalid"}' : `{"n":${i},"refresh_token":"rt-${i}-secret"}`,
        bodySize: 20,
      },
      timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
      startedAt: T0 - i * 1000,
    },
  };
}

export interface FakeHistoryBridge {
  bridge: BridgeApi;
  entries: HistoryEntry[];
  queries: HistoryQuery[];
  clears: number;
}

/** The bridge methods the History page calls, over an in-memory list filtered as the store filters. */
export function fakeBridge(n = 5000): FakeHistoryBridge {
  const state: FakeHistoryBridge = {
    bridge: null as unknown as BridgeApi,
    entries: Array.from({ length: n }, (_, i) => entry(i)),
    queries: [],
    clears: 0,
  };
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  state.bridge = {
    on: () => () => {},
    settingsGet: () => ok({ keepHistory: true, activeProfileId: 'mock' }),
    historyList: (q: HistoryQuery = { offset: 0, limit: 100 }) => {
      state.queries.push(q);
      const matching = state.entries.filter(
        (e) =>
          (q.profileId === undefined || e.profileId === q.profileId) &&
          (q.leg === undefined || e.leg === q.leg) &&
          (q.outcome === undefined || e.outcome === q.outcome)
      );
      return ok({ entries: matching.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 100)), total: matching.length });
    },
    historyClear: () => {
      state.clears++;
      const cleared = state.entries.length;
      state.entries = [];
      return ok({ cleared });
    },
  } as unknown as BridgeApi;
  return state;
}

export const profiles: Profile[] = [
  profileSchema.parse({ id: 'mock', name: 'Mock provider', builtIn: true }),
  profileSchema.parse({
    id: 'real',
    name: 'Staging API',
    baseUrl: 'https://api.example.com',
    oauth2: { clientSecret: 's3cr3t-value' },
  }),
];

export function storesFor(bridge: BridgeApi): Stores {
  const stores = createStores({
    bridge,
    crypto: {} as never,
    random: { bytes: (k: number) => new Uint8Array(k) } as never,
    now: () => T0 + 5000,
  });
  stores.app.getState().profilesChanged(profiles);
  return stores;
}
