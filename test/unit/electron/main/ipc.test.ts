import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../../shared/bridge/api';
import { CALL_CHANNEL, EVENT_CHANNEL, READY_CHANNEL } from '../../../../shared/bridge/channels';
import {
  forwardEvents,
  isAppSender,
  registerBridgeIpc,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../../electron/main/ipc';
import { BridgeEventBus } from '../../../../host/bridge/event-bus';

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
});

/** forwardEvents over a fake ipcMain and a fake app window whose webContents records what it is sent. */
function forwarding() {
  const bus = new BridgeEventBus();
  const registered = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle: (c, l) => void registered.set(c, l),
    removeHandler: (c) => void registered.delete(c),
  };
  const window = { id: 7, destroyed: false, sent: [] as unknown[] };
  const events = forwardEvents(
    ipcMain,
    (l) => bus.subscribe(l),
    () => ({ id: window.id, isDestroyed: () => window.destroyed, send: (c, m) => void window.sent.push([c, m]) }),
    (e) => e.sender.id === window.id
  );
  const ready = (sender = 7) =>
    registered.get(READY_CHANNEL)!({ senderFrame: { url: APP, parent: null }, sender: { id: sender } });
  const status = (port: number) => ({ running: true, baseUrl: `http://127.0.0.1:${port}` });
  const sentStatus = (port: number) => [EVENT_CHANNEL, { event: 'mockStatus', payload: status(port) }];
  return { bus, registered, window, events, ready, status, sentStatus };
}

describe('IPC events', () => {
  it('holds what is emitted before the page is ready and delivers it once, in order, then the live events', async () => {
    const { bus, window, ready, status, sentStatus } = forwarding();
    bus.emit('mockStatus', status(1));
    bus.emit('mockStatus', status(2));
    expect(window.sent).toEqual([]);
    await ready();
    bus.emit('mockStatus', status(3));
    await ready(); // a second signal (the page subscribed again) sends nothing twice
    expect(window.sent).toEqual([sentStatus(1), sentStatus(2), sentStatus(3)]);
  });

  it('takes the ready signal only from the app page, and holds events while the window is gone', async () => {
    const { bus, window, ready, status, sentStatus } = forwarding();
    bus.emit('mockStatus', status(1));
    await ready(8);
    expect(window.sent).toEqual([]);
    await ready();
    window.destroyed = true;
    bus.emit('mockStatus', status(2));
    window.destroyed = false;
    window.id = 9; // a new window: its page has not said it listens yet
    bus.emit('mockStatus', status(3));
    expect(window.sent).toEqual([sentStatus(1)]);
    await ready(9);
    expect(window.sent).toEqual([sentStatus(1), sentStatus(2), sentStatus(3)]);
  });

  it('holds events again from when the page leaves (a reload) until the next page is ready, sending none twice', async () => {
    const { bus, window, events, ready, status, sentStatus } = forwarding();
    await ready();
    bus.emit('mockStatus', status(1));
    events.pageLeft();
    bus.emit('mockStatus', status(2));
    expect(window.sent).toEqual([sentStatus(1)]);
    await ready();
    expect(window.sent).toEqual([sentStatus(1), sentStatus(2)]);
  });

  it('stops forwarding and removes the ready channel when stopped', async () => {
    const { bus, registered, window, events, ready, status } = forwarding();
    await ready();
    events.stop();
    bus.emit('mockStatus', status(1));
    expect(window.sent).toEqual([]);
    expect(registered.has(READY_CHANNEL)).toBe(false);
  });
});
