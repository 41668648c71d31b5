import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../../shared/bridge/contract';
import type { BridgeResult } from '../../../shared/bridge/result';
import type { SignatureInput } from '../../../shared/oauth1';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';

export interface HostTraceState {
  /** The signature trace computed by the host: RSA signing, so the private key never meets the page's crypto. */
  traceInHost(input: SignatureInput): Promise<BridgeResult<MethodOutput<'oauth1Trace'>>>;
}

function createHostTraceStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  return createStore<HostTraceState>()(() => ({ traceInHost: (input) => bridge.oauth1Trace(input) }));
}

export const useHostTrace = pageStore(createHostTraceStore);
