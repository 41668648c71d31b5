import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../../shared/bridge/api';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../../../shared/bridge/channels';
import {
  forwardEvents,
  isAppSender,
  registerBridgeIpc,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../../electron/main/ipc';
import { BridgeEventBus } from '../../../../electron/services/bridge/event-bus';

const APP = 'file:///app/out/renderer/index.html';

function setup() {
  const calls: string[] = [];
  const handlers = new Proxy({} as BridgeHandlers, {
    get: (_, name) => () => (calls.push(String(name)), { running: false, baseUrl: null }),
  });
  const registered = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle: (c, l) => void registered.set(c, l),
    removeHandler: (c) => void registered.delete(c),
  };
  const unregister = registerBridgeIpc(ipcMain, handlers, (e) =>
    isAppSender(
      e,
      () => 7,
      (url) => url === APP
    )
  );
  return {
    calls,
    registered,
    unregister,
    invoke: (event: InvokeEventLike, ...args: unknown[]) => registered.get(CALL_CHANNEL)!(event, ...args),
  };
}

const frame = (url: string, parent: unknown = null, id = 7): InvokeEventLike => ({
  senderFrame: { url, parent },
  sender: { id },
});

describe('IPC registration and sender check', () => {
  it('registers exactly one channel and removes it again', () => {
    const { registered, unregister } = setup();
    expect([...registered.keys()]).toEqual([CALL_CHANNEL]);
    unregister();
    expect(registered.size).toBe(0);
  });

  it('serves the app page in its main frame', async () => {
    const { invoke, calls } = setup();
    expect(await invoke(frame(APP), 'mockStatus', undefined)).toEqual({
      ok: true,
      value: { running: false, baseUrl: null },
    });
    expect(calls).toEqual(['mockStatus']);
  });

  it.each([
    ['a subframe of the app', frame(APP, { url: APP })],
    ['another page in the window', frame('https://evil.example/')],
    ['another webContents showing the app page', frame(APP, null, 8)],
    ['a destroyed frame', { senderFrame: null, sender: { id: 7 } }],
  ])('refuses %s before any handler runs', async (_, event) => {
    const { invoke, calls } = setup();
    expect(await invoke(event as InvokeEventLike, 'mockStatus', undefined)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(calls).toEqual([]);
  });

  it('parses input before any handler runs', async () => {
    const { invoke, calls } = setup();
    expect(await invoke(frame(APP), 'mockStart', { port: 70000 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/port/) },
    });
    expect(await invoke(frame(APP), 17, {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toEqual([]);
  });

  it('forwards events to the window while it lives, and stops when unsubscribed', () => {
    const bus = new BridgeEventBus();
    const sent: unknown[] = [];
    let destroyed = false;
    const stop = forwardEvents(
      (l) => bus.subscribe(l),
      () => ({ id: 7, isDestroyed: () => destroyed, send: (channel, m) => sent.push([channel, m]) })
    );
    bus.emit('mockStatus', { running: true, baseUrl: 'http://127.0.0.1:1' });
    destroyed = true;
    bus.emit('mockStatus', { running: false, baseUrl: null });
    destroyed = false;
    stop();
    bus.emit('mockStatus', { running: false, baseUrl: null });
    expect(sent).toEqual([
      [EVENT_CHANNEL, { event: 'mockStatus', payload: { running: true, baseUrl: 'http://127.0.0.1:1' } }],
    ]);
  });
});
