import type { BridgeEventMessage } from '../../../../shared/bridge/api';
import { CALL_CHANNEL, EVENT_CHANNEL, READY_CHANNEL } from '../../../../shared/bridge/channels';
import type { BridgeResult } from '../../../../shared/bridge/result';
import {
  forwardEvents,
  isAppSender,
  registerBridgeIpc,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../../electron/main/ipc';
import type { AppServices } from '../../../../host/bridge/app-services';
import { startWebHost } from '../../../../host/web';
import { resolveLocalhostNamesLikeBrowsers } from '../../../support/localhost-names';

resolveLocalhostNamesLikeBrowsers();

/** A way to reach the bridge: the contract suite runs the same cases through each. */
export interface BridgeTransport {
  readonly name: string;
  call(method: string, input?: unknown): Promise<BridgeResult<unknown>>;
  /** Every event delivered so far, in order. */
  readonly received: BridgeEventMessage[];
  close(): Promise<void>;
}

export const APP_URL = 'file:///app/out/renderer/index.html';

/** Electron's IPC with a fake ipcMain, a fake sender (the app window's main frame) and a fake webContents. */
export function ipcTransport(services: AppServices): BridgeTransport {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle: (c, l) => void handlers.set(c, l),
    removeHandler: (c) => void handlers.delete(c),
  };
  const fromApp = (e: InvokeEventLike) =>
    isAppSender(
      e,
      () => 1,
      (url) => url === APP_URL
    );
  const unregister = registerBridgeIpc(ipcMain, services.handlers, fromApp);
  const received: BridgeEventMessage[] = [];
  const forwarding = forwardEvents(
    ipcMain,
    (l) => services.events.subscribe(l),
    () => ({ id: 1, isDestroyed: () => false, send: (channel, m) => channel === EVENT_CHANNEL && received.push(m) }),
    fromApp
  );
  const appFrame: InvokeEventLike = { senderFrame: { url: APP_URL, parent: null }, sender: { id: 1 } };
  // The page listens from the start, as the renderer's bridge says on its first subscription.
  void handlers.get(READY_CHANNEL)!(appFrame);
  return {
    name: 'IPC',
    received,
    call: (method, input) => handlers.get(CALL_CHANNEL)!(appFrame, method, input) as Promise<BridgeResult<unknown>>,
    async close() {
      forwarding.stop();
      unregister();
    },
  };
}

/** The web host over real HTTP, with its token and same-origin headers, events read from its SSE stream. */
export async function webTransport(services: AppServices, staticDir: string): Promise<BridgeTransport> {
  const host = await startWebHost({ handlers: services.handlers, events: services.events, staticDir });
  const headers = { 'Content-Type': 'application/json', Origin: host.origin, 'X-OAuth-Lab-Token': host.token };
  const received: BridgeEventMessage[] = [];
  const abort = new AbortController();
  const stream = await fetch(`${host.origin}/api/events`, {
    headers: { 'X-OAuth-Lab-Token': host.token },
    signal: abort.signal,
  });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of stream.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined)
            received.push({ event: event as BridgeEventMessage['event'], payload: JSON.parse(data) });
        }
      }
    } catch {
      // The stream ends when the test closes the host.
    }
  })();
  return {
    name: 'web host',
    received,
    async call(method, input) {
      const res = await fetch(`${host.origin}/api/call/${method}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input ?? {}),
      });
      return (await res.json()) as BridgeResult<unknown>;
    },
    async close() {
      abort.abort();
      await host.close();
    },
  };
}
