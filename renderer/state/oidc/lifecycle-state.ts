import type { StoreApi } from 'zustand/vanilla';
import type { Check } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import type { TokenTypeHint } from '../../../shared/oidc';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { Profile } from '../../../shared/store/profile';
import type { RendererDeps } from '../../app/deps';
import type { FlowSends } from '../flow-sends';
import type { DpopLegTrace } from '../dpop-page-send';

export type LifecycleKind = 'refresh' | 'reuse' | 'introspection' | 'revocation';

/** One request of the token's life: what was sent, what came back, and the checks, like a flow's leg. */
export interface LifecycleLeg {
  readonly id: number;
  readonly kind: LifecycleKind;
  readonly title: string;
  readonly request: RawRequest;
  /** The tokens the request may carry, masked wherever it is shown. */
  readonly carried: readonly string[];
  readonly exchange: Exchange | null;
  /** The transport's error (no response), or a request that could not be built. */
  readonly error: string | null;
  readonly ok: boolean;
  readonly summary: string;
  readonly checks: readonly Check[];
  /** The client assertion signed into the request as it was sent (client_secret_jwt, private_key_jwt). */
  readonly assertion?: ClientAssertionTrace | null;
  /** The DPoP proofs the leg sent with the profile's DPoP on (RFC 9449): the refresh's and the reuse's. */
  readonly dpop?: DpopLegTrace | null;
  /** A refresh: the refresh token presented and the one to use now (null: none came back). */
  readonly rotation?: { readonly old: string; readonly new: string | null; readonly rotated: boolean };
}

export interface LifecycleState {
  /** The OAuth 2 page's flow after its token exchange, and its profile (transport options, history). */
  readonly flow: OAuth2State | null;
  readonly profile: Profile | null;
  /** The refresh token the last rotation replaced, to present again (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)). */
  readonly replaced: string | null;
  readonly legs: readonly LifecycleLeg[];
  readonly sending: boolean;
  readonly problem: string | null;
  tokensTaken(flow: OAuth2State, profile: Profile): void;
  refreshRequested(): Promise<void>;
  reuseRequested(): Promise<void>;
  introspectionRequested(endpoint: string, which: TokenTypeHint): Promise<void>;
  revocationRequested(endpoint: string, which: TokenTypeHint): Promise<void>;
}

/** The token lifecycle's store as its leg send (lifecycle-leg-send.ts) reads and updates it. */
export interface LifecyclePageStore {
  readonly deps: RendererDeps;
  readonly sends: FlowSends;
  readonly get: StoreApi<LifecycleState>['getState'];
  readonly set: StoreApi<LifecycleState>['setState'];
  /** Each server's latest DPoP-Nonce, for the session (RFC 9449 §8.2). */
  readonly dpopNonces: Map<string, string>;
  /** The next leg's id, one more each time. */
  readonly nextId: () => number;
}
