import type { MockClock } from './clock';
import { BoundedTable } from '../bounded-table';
import { NonceMemory } from './nonces';
import type { PooledRandom } from './random-pool';

/**
 * Everything the mock has issued, in memory. Statuses that follow from time (expired) are derived from the clock
 * when read, so advancing the clock is enough to move a token along the interface's §3 transitions.
 */
export type RequestTokenStatus = 'issued' | 'authorized' | 'denied' | 'exchanged';
export interface RequestToken {
  readonly token: string;
  readonly secret: string;
  readonly consumerKey: string;
  readonly callback: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  status: RequestTokenStatus;
  verifier?: string;
  username?: string;
}

export interface OAuth1AccessToken {
  readonly token: string;
  readonly secret: string;
  readonly consumerKey: string;
  readonly username: string;
  readonly issuedAt: number;
  status: 'valid' | 'deauthorized';
  deauthorizedAt?: number;
}

export interface PkceBinding {
  readonly challenge: string;
  readonly method: 'S256' | 'plain';
}

export interface AuthorizationCode {
  readonly code: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly username: string;
  readonly pkce: PkceBinding | null;
  /** OpenID Connect: the nonce of the authorization request, echoed in the id_token (OIDC Core §3.1.2.1). */
  readonly nonce: string | null;
  readonly issuedAt: number;
  readonly expiresAt: number;
  status: 'issued' | 'redeemed';
}

/** What an OAuth 2 token of a grant carries, bearer or refresh. */
interface GrantToken {
  readonly token: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface BearerToken extends GrantToken {
  status: 'valid' | 'revoked';
  /** DPoP: the thumbprint of the key the token is bound to (`cnf.jkt`, RFC 9449 §6 (https://www.rfc-editor.org/rfc/rfc9449#section-6)); absent for a bearer token. */
  readonly jkt?: string;
}

export interface RefreshToken extends GrantToken {
  status: 'valid' | 'rotated' | 'revoked';
  /** DPoP: a public client's refresh token is bound to its DPoP key (RFC 9449 §5). */
  readonly jkt?: string;
}

/** A login page shown and not yet answered; its key is the page's anti-CSRF token (RFC 5849 §4.13 (https://www.rfc-editor.org/rfc/rfc5849#section-4.13), RFC 6749 §10.12 (https://www.rfc-editor.org/rfc/rfc6749#section-10.12)). */
export type PendingLogin =
  | { readonly kind: 'oauth1'; readonly requestToken: string; readonly callback: string; readonly expiresAt: number }
  | {
      readonly kind: 'oauth2';
      readonly clientId: string;
      readonly redirectUri: string;
      readonly state: string | null;
      readonly scope: string;
      readonly pkce: PkceBinding | null;
      readonly nonce: string | null;
      readonly expiresAt: number;
    };

/** Upper bound of each table, so unauthenticated traffic (login pages) cannot exhaust memory. */
export const TABLE_LIMIT = 50_000;

export class ProviderState {
  readonly requestTokens = new BoundedTable<string, RequestToken>(TABLE_LIMIT);
  readonly accessTokens = new BoundedTable<string, OAuth1AccessToken>(TABLE_LIMIT);
  readonly codes = new BoundedTable<string, AuthorizationCode>(TABLE_LIMIT);
  readonly bearerTokens = new BoundedTable<string, BearerToken>(TABLE_LIMIT);
  readonly refreshTokens = new BoundedTable<string, RefreshToken>(TABLE_LIMIT);
  readonly pendingLogins = new BoundedTable<string, PendingLogin>(TABLE_LIMIT);
  readonly nonces: NonceMemory;
  /** DPoP proofs' jti seen within their lifetime (RFC 9449 §11.1), bounded as the OAuth 1.0a nonces are. */
  readonly dpopJtis: NonceMemory;
  /** DPoP: the nonce the server hands out now and the one before it, both accepted (RFC 9449 §8, §9). */
  dpopNonce: { current: string; previous: string | null; issuedAt: number } | null = null;

  constructor(
    readonly clock: MockClock,
    private readonly random: PooledRandom,
    nonceCapacity: number
  ) {
    this.nonces = new NonceMemory(nonceCapacity);
    this.dpopJtis = new NonceMemory(nonceCapacity);
  }

  /** `bytes` random octets, base64url (no padding): 16 bytes give 128 bits (RFC 6749 §10.10 (https://www.rfc-editor.org/rfc/rfc6749#section-10.10)). Encoded natively: every token needs one. */
  newSecret(bytes = 24, prefix = ''): string {
    return prefix + this.random.base64url(bytes);
  }

  addRequestToken(t: RequestToken): void {
    this.requestTokens.set(t.token, t);
  }
  addAccessToken(t: OAuth1AccessToken): void {
    this.accessTokens.set(t.token, t);
  }
  addCode(c: AuthorizationCode): void {
    this.codes.set(c.code, c);
  }
  addBearer(t: BearerToken): void {
    this.bearerTokens.set(t.token, t);
  }
  addRefresh(t: RefreshToken): void {
    this.refreshTokens.set(t.token, t);
  }
  addPendingLogin(csrf: string, p: PendingLogin): void {
    this.pendingLogins.set(csrf, p);
  }

  /** Takes a pending login once: a CSRF token is single-use. */
  takePendingLogin(csrf: string): PendingLogin | undefined {
    const p = this.pendingLogins.get(csrf);
    this.pendingLogins.delete(csrf);
    if (p && p.expiresAt <= this.clock.now()) return undefined;
    return p;
  }

  isExpired(t: { readonly expiresAt: number }): boolean {
    return t.expiresAt <= this.clock.now();
  }

  /** RFC 6749 §4.1.2 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2) / RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2): revoke every token of a grant (code replay, refresh token replay). */
  revokeGrant(grantId: string): number {
    let n = 0;
    for (const t of this.bearerTokens.values())
      if (t.grantId === grantId && t.status === 'valid') {
        t.status = 'revoked';
        n++;
      }
    for (const t of this.refreshTokens.values())
      if (t.grantId === grantId && t.status !== 'revoked') {
        t.status = 'revoked';
        n++;
      }
    return n;
  }

  clear(): void {
    for (const t of [
      this.requestTokens,
      this.accessTokens,
      this.codes,
      this.bearerTokens,
      this.refreshTokens,
      this.pendingLogins,
    ])
      t.clear();
    this.nonces.clear();
    this.dpopJtis.clear();
    this.dpopNonce = null;
  }
}
