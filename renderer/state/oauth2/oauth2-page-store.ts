import type { StoreApi } from 'zustand/vanilla';
import type { RendererDeps } from '../../app/deps';
import type { FlowSends } from '../flow-sends';
import type { OAuth2FlowState, SentLeg } from './oauth2-flow-state';
import type { OAuth2Run } from './oauth2-run';

/** The OAuth 2 page's store as its action groups (oauth2-store.ts composes them) read and update it. */
export interface OAuth2PageStore {
  readonly deps: RendererDeps;
  readonly sends: FlowSends;
  readonly get: StoreApi<OAuth2FlowState>['getState'];
  readonly set: StoreApi<OAuth2FlowState>['setState'];
  /** The page's DPoP nonces, per server, for the session (RFC 9449 §8.2). */
  readonly dpopNonces: Map<string, string>;
}

/** A sent leg's run, as the page shows it. */
export const runSet = ({ get, set }: OAuth2PageStore, leg: SentLeg, run: OAuth2Run) =>
  set({ runs: { ...get().runs, [leg]: run } });
