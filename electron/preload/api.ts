import type { BridgeEventMessage } from '../../shared/bridge/api';
import { EVENT_NAMES, METHOD_NAMES } from '../../shared/bridge/names';
import { CALL_CHANNEL, EVENT_CHANNEL, READY_CHANNEL } from '../../shared/bridge/channels';

/** The parts of Electron's ipcRenderer the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, message: BridgeEventMessage) => void): void;
  removeListener(channel: string, listener: (event: unknown, message: BridgeEventMessage) => void): void;
}

type Listener = (payload: unknown) => void;

/**
 * What the preload exposes as `window.oauthLab`: one function per contract method, `on(event, listener)` and
 * `ready()` (the page listens: main delivers the events it held), nothing else (no ipcRenderer, no shell, no
 * process). Arguments are forwarded as plain data; main parses them.
 */
export function buildPreloadApi(ipc: IpcRendererLike): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const name of METHOD_NAMES) api[name] = (input?: unknown) => ipc.invoke(CALL_CHANNEL, name, input);
  api.on = (event: unknown, listener: unknown): (() => void) => {
    if (typeof event !== 'string' || !(EVENT_NAMES as readonly string[]).includes(event))
      throw new TypeError(`Unknown event ${JSON.stringify(event)}; expected one of ${EVENT_NAMES.join(', ')}.`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const relay = (_: unknown, message: BridgeEventMessage) => {
      if (message.event === event) (listener as Listener)(message.payload);
    };
    ipc.on(EVENT_CHANNEL, relay);
    return () => ipc.removeListener(EVENT_CHANNEL, relay);
  };
  api.ready = (): Promise<unknown> => ipc.invoke(READY_CHANNEL);
  return Object.freeze(api);
}
