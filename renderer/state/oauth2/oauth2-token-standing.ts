import type { BridgeApi } from '../../../shared/bridge/api';
import { refusesDpopProof } from '../../../shared/dpop/proof-refusal';
import type { Exchange } from '../../../shared/http';
import { refreshTokenRefusal } from '../../../shared/oauth2/refresh-refusal';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { RandomPort } from '../../../shared/ports';
import type { SavedTokenInput } from '../../../shared/store/saved-token';
import { saveToken, savedTokenRefused } from '../flow-records';

/**
 * What the server has said of the OAuth 2 flow's token since it was issued: the page's header shows it, the action
 * bar offers the remedy by it, and the saved record carries it to the token lists.
 */
export interface TokenStanding {
  /** The token's saved record, marked when the server refuses or replaces it. */
  readonly saved: SavedTokenInput | null;
  /** The server's words when it refused the refresh token (invalid_grant, RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)). */
  readonly refreshRefused: string | null;
  /** Set when the resource refused the access token (401, RFC 6750 §3.1 (https://www.rfc-editor.org/rfc/rfc6750#section-3.1)); cleared by a 2xx. */
  readonly accessRefused: boolean;
}

export const NO_STANDING: TokenStanding = { saved: null, refreshRefused: null, accessRefused: false };

/** Where the page's tokens come from, as the saved token's label says (Profiles). */
export const OAUTH2_PAGE_TOKEN = {
  code: 'OAuth 2 page: authorization code',
  refreshed: 'OAuth 2 page: refreshed',
  refreshedAutomatically: 'OAuth 2 page: refreshed automatically',
} as const;

/**
 * A new token from the code exchange or a refresh, saved with its profile. A refresh that brought another refresh
 * token marks the record of the one it replaced: the server may have deleted it (RFC 9700 §4.14.2
 * (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), and a replay may revoke the whole grant.
 */
export function tokenIssued(
  bridge: BridgeApi,
  random: RandomPort,
  before: TokenStanding,
  token: TokenSet,
  record: { profileId: string; obtainedAt: number; label: string }
): TokenStanding {
  const previous = before.saved;
  if (previous?.refreshToken && token.refreshToken && token.refreshToken !== previous.refreshToken)
    savedTokenRefused(bridge, previous, 'rotated');
  const saved = saveToken(bridge, random, {
    ...record,
    kind: 'oauth2',
    token: token.accessToken,
    refreshToken: token.refreshToken,
    scope: token.scope,
    expiresAt: token.expiresAt,
  });
  return { saved, refreshRefused: null, accessRefused: false };
}

/** A refresh the server refused with invalid_grant: the refresh token is dead, its saved record says so. */
export function refreshAnswered(bridge: BridgeApi, before: TokenStanding, exchange: Exchange): TokenStanding {
  const refusal = refreshTokenRefusal(exchange.response);
  return refusal ? refreshTokenDead(bridge, before, refusal) : before;
}

/**
 * The refresh token is dead (refused with invalid_grant, or revoked, RFC 7009 §2.1
 * (https://www.rfc-editor.org/rfc/rfc7009#section-2.1)): the page stops offering it and its saved record says so,
 * which the token lists (Profiles, the Request signer) read.
 */
export function refreshTokenDead(bridge: BridgeApi, before: TokenStanding, why: string): TokenStanding {
  const saved = before.saved && savedTokenRefused(bridge, before.saved, 'refresh_refused');
  return { ...before, saved, refreshRefused: why };
}

/**
 * The resource's answer to the access token: a 401 refuses it, a 2xx accepts it; anything else says nothing of it,
 * nor does a 401 refusing the DPoP proof that went with it (invalid_dpop_proof, use_dpop_nonce: RFC 9449 §7.1, §9).
 */
export function apiAnswered(before: TokenStanding, exchange: Exchange): TokenStanding {
  const status = exchange.response.status;
  if (refusesDpopProof(exchange.response)) return before;
  if (status === 401) return { ...before, accessRefused: true };
  return status >= 200 && status < 300 ? { ...before, accessRefused: false } : before;
}
