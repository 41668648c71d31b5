import type { BridgeError } from '../../../shared/bridge/result';
import type { BearerStep, Check } from '../../../shared/flows';
import type { Exchange } from '../../../shared/http';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { FlowMistake } from '../../../shared/oauth2/flow-mistakes';
import type { ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';
import type { DpopLegTrace } from '../dpop-page-send';

/** One sent leg of the OAuth 2 page: its exchange, its error and its verdict. */
export interface OAuth2Run {
  readonly sending: boolean;
  readonly exchange: Exchange | null;
  readonly error: BridgeError | null;
  readonly outcome: { readonly ok: boolean; readonly summary: string; readonly checks: readonly Check[] } | null;
  /** The bearer call with automatic refresh: what was sent before the final call (a refresh, a 401), in order. */
  readonly before?: readonly BearerStep[];
  /** The client assertion signed into the request as it was sent (client_secret_jwt, private_key_jwt). */
  readonly assertion?: ClientAssertionTrace | null;
  /** The client authentication mistake this send made on purpose. */
  readonly authMistake?: ClientAuthMistake | null;
  /** The flow mistake this send made on purpose. */
  readonly flowMistake?: FlowMistake | null;
  /** The DPoP proofs sent on this leg (RFC 9449), the key's thumbprint, and whether the server asked for a nonce. */
  readonly dpop?: DpopLegTrace | null;
}
