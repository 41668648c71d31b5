import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createAppServices } from '../../../../host/bridge/app-services';
import type { MockProvider } from '../../../../mock-provider';
import { createAppStore } from '../../../../host/store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import type { Harness } from '../../mock-provider/helpers';

/**
 * The page's bridge to the real host: every call through the contract's dispatch (its input checked as either
 * transport checks it) to the app's services on a store in a fresh directory (for the whole file: its tests may
 * share what they saved), with the given mock; with `mockCa`, the mock's local CA kept in that directory too (its
 * mutual-TLS port open, as the hosts run it), or with `mockCaDir` the CA kept there (a given mock made with it).
 * Events are not delivered. `close` stops it and removes the store.
 */
export function hostBridge(
  provider?: MockProvider,
  options: { readonly mockCa?: boolean; readonly mockCaDir?: string } = {}
): { bridge: BridgeApi; close: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-host-bridge-'));
  const services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
    ...(provider ? { provider } : {}),
    ...(options.mockCa || options.mockCaDir ? { mockCaDir: options.mockCaDir ?? dir } : {}),
  });
  const bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on' ? () => () => {} : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
  return {
    bridge,
    close: async () => {
      await services.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `h` started before the file's tests and the page's bridge to the real host with it (hostBridge), closed after
 * them (which stops the mock too); the bridge returned forwards to that one, so use it inside a test or a later hook.
 */
export function hostBridgeOnMock(h: Harness): BridgeApi {
  let made: ReturnType<typeof hostBridge> | undefined;
  beforeAll(async () => {
    await h.start();
    made = hostBridge(h.provider);
  });
  afterAll(() => made?.close());
  return new Proxy({} as BridgeApi, {
    get: (_, name) => {
      if (!made) throw new Error('The host bridge has not started: use it inside a test or a later hook.');
      return Reflect.get(made.bridge, name);
    },
  });
}
