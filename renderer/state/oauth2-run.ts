import type { BridgeError } from '../../shared/bridge/result';
import type { BearerStep, Check } from '../../shared/flows';
import type { Exchange } from '../../shared/http';

/** One sent leg of the OAuth 2 page: its exchange, its error and its verdict. */
export interface OAuth2Run {
  readonly sending: boolean;
  readonly exchange: Exchange | null;
  readonly error: BridgeError | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  /** The bearer call with automatic refresh: what was sent before the final call (a refresh, a 401), in order. */
  readonly before?: readonly BearerStep[];
}
