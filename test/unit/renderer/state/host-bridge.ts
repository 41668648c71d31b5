import { createAppServices, type AppServices } from '../../../../electron/services/bridge/app-services';
import type { MockProvider } from '../../../../electron/services/provider';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { openStore, tempDir } from '../../electron/store/helpers';

/**
 * The page's bridge to the real host: every call through the contract's dispatch (its input checked as either
 * transport checks it) to the app's services on a store in a fresh directory, with the given mock. Events are not
 * delivered.
 */
export function hostBridge(provider?: MockProvider): { bridge: BridgeApi; services: AppServices } {
  const services = createAppServices({
    host: 'web',
    version: 'test',
    store: openStore(tempDir()),
    shell: { openInSystemBrowser: async () => true },
    ...(provider ? { provider } : {}),
  });
  const bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on' ? () => () => {} : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
  return { bridge, services };
}
