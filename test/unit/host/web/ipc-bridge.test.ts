import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIpcBridge } from '../../../../renderer/bridge';
import { METHOD_NAMES } from '../../../../shared/bridge/contract';

/** What the preload exposes: one function per method, `on` and `ready`; here each method echoes its name and input. */
function exposed() {
  const listeners: ((payload: unknown) => void)[] = [];
  const calls: [string, unknown][] = [];
  const api: Record<string, unknown> = {
    on: vi.fn((_event: string, listener: (payload: unknown) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    }),
    ready: vi.fn(async () => undefined),
  };
  for (const name of METHOD_NAMES) {
    api[name] = async (input: unknown) => {
      calls.push([name, input]);
      return { ok: true, value: { name } };
    };
  }
  return { api, calls, listeners };
}

afterEach(() => {
  delete (globalThis as { oauthLab?: unknown }).oauthLab;
  vi.resetModules();
});

describe('createIpcBridge', () => {
  it('passes calls and results through unchanged', async () => {
    const { api, calls } = exposed();
    const bridge = createIpcBridge(api);
    expect(await bridge.mockAdvanceClock({ seconds: 5 })).toEqual({ ok: true, value: { name: 'mockAdvanceClock' } });
    expect(await bridge.appInfo()).toEqual({ ok: true, value: { name: 'appInfo' } });
    expect(calls).toEqual([
      ['mockAdvanceClock', { seconds: 5 }],
      ['appInfo', undefined],
    ]);
  });

  it('passes subscriptions through to the preload', () => {
    const { api, listeners } = exposed();
    const bridge = createIpcBridge(api);
    const seen: unknown[] = [];
    const off = bridge.on('mockStatus', (p) => seen.push(p));
    expect(api.on).toHaveBeenCalledWith('mockStatus', expect.any(Function));
    listeners[0]!({ running: false, baseUrl: null });
    expect(seen).toEqual([{ running: false, baseUrl: null }]);
    off();
    expect(listeners).toHaveLength(0);
  });

  it('says the page is ready once, after handing the first subscription to the preload', () => {
    const { api } = exposed();
    const bridge = createIpcBridge(api);
    expect(api.ready).not.toHaveBeenCalled();
    bridge.on('mockStatus', () => {});
    expect(api.ready).toHaveBeenCalledTimes(1);
    expect((api.on as ReturnType<typeof vi.fn>).mock.invocationCallOrder[0]).toBeLessThan(
      (api.ready as ReturnType<typeof vi.fn>).mock.invocationCallOrder[0]!
    );
    bridge.on('catcherEvent', () => {});
    expect(api.ready).toHaveBeenCalledTimes(1);
  });

  it('refuses at start a preload that lacks a method, on or ready, naming what is missing', () => {
    const { api } = exposed();
    delete api.httpSend;
    delete api.on;
    delete api.ready;
    expect(() => createIpcBridge(api)).toThrow(/does not expose httpSend, on, ready on window\.oauthLab/);
    expect(() => createIpcBridge(undefined)).toThrow(/preload did not load/);
    expect(() => createIpcBridge({ ...exposed().api, appInfo: 'not a function' })).toThrow(/appInfo/);
  });

  it('turns a rejected IPC call into `unavailable` and a malformed answer into `internal`', async () => {
    const { api } = exposed();
    api.appInfo = () => Promise.reject(new Error("No handler registered for 'appInfo'"));
    api.mockStatus = async () => 'nonsense';
    const bridge = createIpcBridge(api);
    expect(await bridge.appInfo()).toEqual({
      ok: false,
      error: {
        code: 'unavailable',
        message: "The app's main process did not answer appInfo: No handler registered for 'appInfo'",
      },
    });
    expect(await bridge.mockStatus()).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('getBridge', () => {
  it('uses IPC when the preload exposed window.oauthLab, once for the page', async () => {
    const { api, calls } = exposed();
    (globalThis as { oauthLab?: unknown }).oauthLab = api;
    const { getBridge } = await import('../../../../renderer/bridge');
    const bridge = getBridge();
    expect(getBridge()).toBe(bridge);
    expect(await bridge.appInfo()).toEqual({ ok: true, value: { name: 'appInfo' } });
    expect(calls).toEqual([['appInfo', undefined]]);
  });

  it('uses HTTP to the page it came from otherwise', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ ok: true, value: 'via http' }), {
        headers: { 'Content-Type': 'application/json' },
      })
    );
    try {
      const { getBridge } = await import('../../../../renderer/bridge');
      expect(await getBridge().mockStatus()).toEqual({ ok: true, value: 'via http' });
      expect(fetchSpy).toHaveBeenCalledWith(
        '/api/call/mockStatus',
        expect.objectContaining({ method: 'POST', credentials: 'same-origin' })
      );
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
