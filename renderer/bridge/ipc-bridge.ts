import type { BridgeApi } from '../../shared/bridge/api';
import { METHOD_NAMES, type EventName, type MethodName } from '../../shared/bridge/contract';
import { CONTRACT_ERROR, type BridgeResult } from '../../shared/bridge/result';
import { isBridgeResult } from './result-shape';

/**
 * What the Electron preload exposes as `window.oauthLab`: one function per contract method, `on` and `ready`,
 * nothing else. Each method resolves with the BridgeResult the main process answered.
 */
export type ExposedBridge = { readonly [M in MethodName]: (input?: unknown) => Promise<BridgeResult<unknown>> } & {
  on(event: EventName, listener: (payload: unknown) => void): () => void;
  /** The page listens: main sends the events it held while no page listened, then every new one. */
  ready(): Promise<unknown>;
};

/**
 * Wraps the preload's object into a BridgeApi. It is nearly the identity; what it adds is a check at start that
 * the preload and this contract agree (a stale build would otherwise fail on first use of a missing method), and
 * that a rejected IPC call (the main process had no handler, the window is closing) still comes back as data.
 */
export function createIpcBridge(exposed: unknown): BridgeApi {
  if (typeof exposed !== 'object' || exposed === null)
    throw new Error('window.oauthLab is not an object: the Electron preload did not load.');
  const given = exposed as Record<string, unknown>;
  const missing = [...METHOD_NAMES, 'on', 'ready'].filter((name) => typeof given[name] !== 'function');
  if (missing.length) {
    throw new Error(
      `The Electron preload does not expose ${missing.join(', ')} on window.oauthLab; the preload and the bridge contract are out of step (rebuild the app).`
    );
  }
  const bridge = exposed as ExposedBridge;
  let signalledReady = false;
  const api: Record<string, unknown> = {
    on: (event: EventName, listener: (payload: unknown) => void) => {
      const off = bridge.on(event, listener);
      // Said on the first subscription, as browser mode opens its stream then. The held events come back as IPC
      // messages, after this turn, so every listener the stores add in the same turn hears them.
      if (!signalledReady) {
        signalledReady = true;
        bridge
          .ready()
          .catch((e: unknown) => console.error('OAuth Lab: the main process did not take the ready signal', e));
      }
      return off;
    },
  };
  for (const name of METHOD_NAMES) {
    api[name] = async (input?: unknown): Promise<BridgeResult<unknown>> => {
      try {
        const result = await bridge[name](input);
        if (isBridgeResult(result)) return result;
        return {
          ok: false,
          error: {
            code: CONTRACT_ERROR.INTERNAL,
            message: `The app's main process answered ${name} with something that is not a bridge result.`,
          },
        };
      } catch (e) {
        return {
          ok: false,
          error: {
            code: CONTRACT_ERROR.UNAVAILABLE,
            message: `The app's main process did not answer ${name}: ${e instanceof Error ? e.message : String(e)}`,
          },
        };
      }
    };
  }
  return api as unknown as BridgeApi;
}
