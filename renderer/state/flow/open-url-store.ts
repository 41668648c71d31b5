import { createStore } from 'zustand/vanilla';
import type { MethodInput, MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';

export interface OpenUrlState {
  /** Asks the host to open an authorization page: the system browser, or the mock's page in the app's own window. */
  openUrl(url: string, target: MethodInput<'openUrl'>['target']): Promise<BridgeResult<MethodOutput<'openUrl'>>>;
}

function createOpenUrlStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  return createStore<OpenUrlState>()(() => ({ openUrl: (url, target) => bridge.openUrl({ url, target }) }));
}

export const useOpenUrl = pageStore(createOpenUrlStore);
