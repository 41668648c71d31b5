import { describe, expect, it } from 'vitest';
import { CALL_CHANNEL, EVENT_CHANNEL, READY_CHANNEL } from '../../../../shared/bridge/channels';
import { METHOD_NAMES } from '../../../../shared/bridge/contract';
import { buildPreloadApi, type IpcRendererLike } from '../../../../electron/preload/api';

function fakeIpc() {
  const invoked: unknown[][] = [];
  const listeners = new Set<(e: unknown, m: never) => void>();
  const ipc: IpcRendererLike = {
    invoke: async (...args) => (invoked.push(args), { ok: true, value: null }),
    on: (_c, l) => void listeners.add(l as never),
    removeListener: (_c, l) => void listeners.delete(l as never),
  };
  return { ipc, invoked, listeners, deliver: (m: unknown) => listeners.forEach((l) => l({}, m as never)) };
}

describe('preload surface', () => {
  it('exposes one function per contract method, on() and ready(), nothing else, frozen', () => {
    const api = buildPreloadApi(fakeIpc().ipc);
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES, 'on', 'ready'].sort());
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
    for (const leak of ['ipcRenderer', 'invoke', 'send', 'shell', 'process', 'require'])
      expect(api).not.toHaveProperty(leak);
  });

  it('forwards a call on the one call channel with its name and input', async () => {
    const { ipc, invoked } = fakeIpc();
    const api = buildPreloadApi(ipc) as Record<string, (i?: unknown) => Promise<unknown>>;
    await api.mockStart!({ port: 0 });
    expect(invoked).toEqual([[CALL_CHANNEL, 'mockStart', { port: 0 }]]);
  });

  it('signals ready on its own channel, with nothing from the page', async () => {
    const { ipc, invoked } = fakeIpc();
    const api = buildPreloadApi(ipc) as { ready: (x?: unknown) => Promise<unknown> };
    await api.ready('ignored');
    expect(invoked).toEqual([[READY_CHANNEL]]);
  });

  it('delivers only the subscribed event, and unsubscribes', () => {
    const { ipc, deliver, listeners } = fakeIpc();
    const api = buildPreloadApi(ipc) as { on: (e: string, l: (p: unknown) => void) => () => void };
    const got: unknown[] = [];
    const off = api.on('mockStatus', (p) => got.push(p));
    deliver({ event: 'mockEvent', payload: 1 });
    deliver({ event: 'mockStatus', payload: 2 });
    off();
    deliver({ event: 'mockStatus', payload: 3 });
    expect(got).toEqual([2]);
    expect(listeners.size).toBe(0);
    expect(EVENT_CHANNEL).toBe('oauth-lab:event');
  });

  it('refuses an unknown event name or a listener that is not a function', () => {
    const api = buildPreloadApi(fakeIpc().ipc) as { on: (e: unknown, l: unknown) => unknown };
    expect(() => api.on('everything', () => {})).toThrow(/Unknown event "everything"/);
    expect(() => api.on('mockStatus', 'alert(1)')).toThrow(/function/);
  });
});
