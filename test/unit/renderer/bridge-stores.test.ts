import { describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../shared/bridge/api';
import { ok } from '../../../shared/bridge/result';
import { createExportStore } from '../../../renderer/components/export-store';
import { createMockProviderStore } from '../../../renderer/state/mock/mock-store';
import { createBearerStore } from '../../../renderer/state/signer/bearer-store';

/** A bridge with only the methods a test gives; any other call fails the test. */
const bridgeOf = (methods: Partial<Record<keyof BridgeApi, (...args: never[]) => unknown>>) =>
  new Proxy(methods, {
    get: (m, name: string) =>
      m[name as keyof BridgeApi] ??
      (() => {
        throw new Error(`unexpected bridge call ${name}`);
      }),
  }) as unknown as BridgeApi;

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  return { promise: new Promise<T>((r) => (resolve = r)), resolve };
};

describe('the mock provider store', () => {
  const view = (now: string) => ({ state: { now }, settings: {}, config: {} }) as never;

  it('keeps the newest read when answers come back out of order, with the time it was read', async () => {
    const answers = [deferred<unknown>(), deferred<unknown>()];
    let call = 0;
    let clock = 1000;
    const store = createMockProviderStore({
      bridge: bridgeOf({ mockState: () => answers[call++]!.promise }),
      now: () => clock,
    });
    const first = store.getState().refresh();
    const second = store.getState().refresh();
    clock = 2000;
    answers[1]!.resolve(ok(view('second')));
    await second;
    answers[0]!.resolve(ok(view('first')));
    await first;
    expect(store.getState().read).toEqual({ view: view('second'), at: 2000 });
  });

  it("reads the state again after each action, and hands back the action's answer", async () => {
    const calls: string[] = [];
    const bridge = bridgeOf({
      mockState: async () => (calls.push('mockState'), ok(view(`after ${calls.at(-2)}`))),
      mockAdvanceClock: async (input: never) => (
        calls.push(`advance ${JSON.stringify(input)}`),
        ok({ now: 'x', clockOffsetSeconds: 60 })
      ),
      mockDeauthorize: async (input: never) => (
        calls.push(`deauthorize ${JSON.stringify(input)}`),
        { ok: false, error: { code: 'not_found', message: 'No such access token.' } }
      ),
    });
    const store = createMockProviderStore({ bridge, now: () => 5 });
    expect(await store.getState().advanceClock(60)).toEqual(ok({ now: 'x', clockOffsetSeconds: 60 }));
    expect(store.getState().read?.view).toEqual(view('after advance {"seconds":60}'));
    expect(await store.getState().deauthorize('at-1')).toMatchObject({
      ok: false,
      error: { message: 'No such access token.' },
    });
    expect(calls).toEqual(['advance {"seconds":60}', 'mockState', 'deauthorize {"token":"at-1"}', 'mockState']);
  });

  it('forgets its read when the mock cannot be read', async () => {
    const store = createMockProviderStore({
      bridge: bridgeOf({ mockState: async () => ({ ok: false, error: { code: 'unavailable', message: 'stopped' } }) }),
      now: () => 0,
    });
    store.setState({ read: { view: view('old'), at: 0 } });
    await store.getState().refresh();
    expect(store.getState().read).toBeNull();
  });
});

describe('the export store', () => {
  it('asks for the targets once, however often the menu opens', async () => {
    let asked = 0;
    const targets = [
      {
        id: 'curl',
        label: 'curl',
        language: 'shell',
        kind: 'snapshot',
        extension: '.sh',
        mediaType: 'text/x-shellscript',
        sources: ['oauth1'],
      },
    ];
    const store = createExportStore({ bridge: bridgeOf({ exportTargets: async () => (asked++, ok(targets)) }) });
    await store.getState().targetsWanted();
    await store.getState().targetsWanted();
    expect(asked).toBe(1);
    expect(store.getState().targets).toEqual(targets);
  });
});

describe('the bearer store', () => {
  it("offers only the profile's OAuth 2 tokens, and passes a failure on", async () => {
    const tokens = [
      { id: 'a', kind: 'oauth1' },
      { id: 'b', kind: 'oauth2' },
    ];
    const asked: unknown[] = [];
    const store = createBearerStore({
      bridge: bridgeOf({ tokensList: async (input: never) => (asked.push(input), ok(tokens)) }),
      random: null as never,
      crypto: null as never,
      now: () => 0,
    });
    expect(await store.getState().savedTokens('p1')).toEqual(ok([{ id: 'b', kind: 'oauth2' }]));
    expect(asked).toEqual([{ profileId: 'p1' }]);
    const failing = createBearerStore({
      bridge: bridgeOf({
        tokensList: async () => ({ ok: false, error: { code: 'internal', message: 'store locked' } }),
      }),
      random: null as never,
      crypto: null as never,
      now: () => 0,
    });
    expect(await failing.getState().savedTokens('p1')).toMatchObject({ ok: false, error: { message: 'store locked' } });
  });
});
