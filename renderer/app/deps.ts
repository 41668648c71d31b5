import type { BridgeApi } from '../../shared/bridge/api';
import type { CryptoPort, RandomPort } from '../../shared/ports';

/** What the renderer's stores need from the outside world, injected so tests pass fakes (zustand). */
export interface RendererDeps {
  readonly bridge: BridgeApi;
  readonly crypto: CryptoPort;
  readonly random: RandomPort;
  readonly now: () => number;
}
