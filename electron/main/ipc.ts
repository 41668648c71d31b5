import type { BridgeHandlers, BridgeEventMessage } from '../../shared/bridge/api';
import { dispatch } from '../../shared/bridge/dispatch';
import { CONTRACT_ERROR, failed, type BridgeResult } from '../../shared/bridge/result';
import { CALL_CHANNEL, EVENT_CHANNEL, READY_CHANNEL } from '../../shared/bridge/channels';
import { BRIDGE_EVENT_REPLAY, ReplayBuffer } from '../../shared/replay-buffer';

/** The parts of Electron's ipcMain / IpcMainInvokeEvent this module uses, so tests can pass fakes. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
  readonly sender: { readonly id: number };
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}
export interface WebContentsLike {
  readonly id: number;
  isDestroyed(): boolean;
  send(channel: string, message: BridgeEventMessage): void;
}

/**
 * A call is served only when it comes from the app's own window, from its main frame (no subframe), showing the
 * app's own page (VS Code's validation of IPC senders). Anything else gets `forbidden` and reaches no handler.
 */
export function isAppSender(
  event: InvokeEventLike,
  appWebContentsId: () => number | null,
  appUrl: (url: string) => boolean
): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && event.sender.id === appWebContentsId() && appUrl(frame.url);
}

/** Registers the one call channel: sender checked, then the contract's dispatch (input parsed before any handler). */
export function registerBridgeIpc(
  ipcMain: IpcMainLike,
  handlers: BridgeHandlers,
  trusted: (event: InvokeEventLike) => boolean
): () => void {
  ipcMain.handle(CALL_CHANNEL, async (event, name, input): Promise<BridgeResult<unknown>> => {
    if (!trusted(event))
      return failed(
        CONTRACT_ERROR.FORBIDDEN,
        'This window may not call OAuth Lab: only the app page in its main window can.'
      );
    if (typeof name !== 'string') return failed(CONTRACT_ERROR.INVALID_INPUT, 'The method name must be a string.');
    return dispatch(handlers, name, input);
  });
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

/** What forwardEvents returns: stop forwarding, and say the window's page is going (a reload starts). */
export interface EventForwarding {
  stop(): void;
  /** Events are held again until the next page says it listens. */
  pageLeft(): void;
}

/**
 * Forwards bridge events to the app window once its page has said it listens (READY_CHANNEL, from a trusted
 * sender). Until then, and again from when that page leaves (a reload) until the next one says it listens, they are
 * held, in order, in the same bounded buffer browser mode replays from, so what the main process emits while the page
 * loads (the mock's requests, a callback arriving) is delivered, once, when it is ready.
 */
export function forwardEvents(
  ipcMain: IpcMainLike,
  subscribe: (listener: (m: BridgeEventMessage) => void) => () => void,
  target: () => WebContentsLike | null,
  trusted: (event: InvokeEventLike) => boolean
): EventForwarding {
  const held = new ReplayBuffer<BridgeEventMessage>(BRIDGE_EVENT_REPLAY);
  let readyContentsId: number | null = null;
  let sentUpTo = 0;
  const deliverHeld = () => {
    const contents = target();
    if (!contents || contents.isDestroyed() || contents.id !== readyContentsId) return;
    for (const message of held.after(sentUpTo)) contents.send(EVENT_CHANNEL, message);
    sentUpTo = held.lastId;
  };
  ipcMain.handle(READY_CHANNEL, async (event) => {
    if (!trusted(event)) return;
    readyContentsId = event.sender.id;
    deliverHeld();
  });
  const unsubscribe = subscribe((message) => {
    held.push(message, Buffer.byteLength(JSON.stringify(message)));
    deliverHeld();
  });
  return {
    stop() {
      unsubscribe();
      ipcMain.removeHandler(READY_CHANNEL);
    },
    pageLeft: () => void (readyContentsId = null),
  };
}
