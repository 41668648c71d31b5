import type { BridgeApi } from '../../shared/bridge/api';
import { createHttpBridge } from './http-bridge';
import { createIpcBridge } from './ipc-bridge';

export { createHttpBridge, type EventSourceLike } from './http-bridge';
export { createIpcBridge } from './ipc-bridge';

let bridge: BridgeApi | null = null;

/**
 * The one bridge of this page: over IPC when the Electron preload exposed `window.oauthLab`, else over HTTP to
 * the web host that served the page. Made once, so every component shares one event stream.
 */
export function getBridge(): BridgeApi {
  if (bridge) return bridge;
  const exposed = (globalThis as { oauthLab?: unknown }).oauthLab;
  bridge = exposed === undefined ? createHttpBridge() : createIpcBridge(exposed);
  return bridge;
}
