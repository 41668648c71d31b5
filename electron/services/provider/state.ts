import type { RandomPort } from '../../../shared/ports';
import type { MockClock } from './clock';
import { NonceMemory } from './nonces';

/**
 * Everything the mock has issued, in memory. Statuses that follow from time (expired) are derived from the clock
 * when read, so advancing the clock is enough to move a token along the seed's §3 transitions.
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
  readonly issuedAt: number;
  readonly expiresAt: number;
  status: 'issued' | 'redeemed';
}

export interface BearerToken {
  readonly token: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  status: 'valid' | 'revoked';
}

export interface RefreshToken {
  readonly token: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  status: 'valid' | 'rotated' | 'revoked';
}

/** A login page shown and not yet answered; its key is the page's anti-CSRF token (RFC 5849 §4.13, RFC 6749 §10.12). */
export type PendingLogin =
  | { readonly kind: 'oauth1'; readonly requestToken: string; readonly callback: string; readonly expiresAt: number }
  | {
      readonly kind: 'oauth2';
      readonly clientId: string;
      readonly redirectUri: string;
      readonly state: string | null;
      readonly scope: string;
      readonly pkce: PkceBinding | null;
      readonly expiresAt: number;
    };

/** Upper bound of each table, so unauthenticated traffic (login pages) cannot exhaust memory. */
export const TABLE_LIMIT = 50_000;

function put<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  while (map.size > TABLE_LIMIT) map.delete(map.keys().next().value as string);
}

export class ProviderState {
  readonly requestTokens = new Map<string, RequestToken>();
  readonly accessTokens = new Map<string, OAuth1AccessToken>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly bearerTokens = new Map<string, BearerToken>();
  readonly refreshTokens = new Map<string, RefreshToken>();
  readonly pendingLogins = new Map<string, PendingLogin>();
  readonly nonces: NonceMemory;

  constructor(
    readonly clock: MockClock,
    private readonly random: RandomPort,
    nonceCapacity: number,
  ) {
    this.nonces = new NonceMemory(nonceCapacity);
  }

  /** `bytes` random octets, base64url (no padding): 16 bytes give 128 bits (RFC 6749 §10.10). Encoded natively: every token needs one. */
  newSecret(bytes = 24, prefix = ''): string {
    return prefix + Buffer.from(this.random.bytes(bytes)).toString('base64url');
  }

  addRequestToken(t: RequestToken): void {
    put(this.requestTokens, t.token, t);
  }
  addAccessToken(t: OAuth1AccessToken): void {
    put(this.accessTokens, t.token, t);
  }
  addCode(c: AuthorizationCode): void {
    put(this.codes, c.code, c);
  }
  addBearer(t: BearerToken): void {
    put(this.bearerTokens, t.token, t);
  }
  addRefresh(t: RefreshToken): void {
    put(this.refreshTokens, t.token, t);
  }
  addPendingLogin(csrf: string, p: PendingLogin): void {
    put(this.pendingLogins, csrf, p);
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

  /** RFC 6749 §4.1.2 / RFC 9700 §4.14.2: revoke every token of a grant (code replay, refresh token replay). */
  revokeGrant(grantId: string): number {
    let n = 0;
    for (const t of this.bearerTokens.values()) if (t.grantId === grantId && t.status === 'valid') (t.status = 'revoked'), n++;
    for (const t of this.refreshTokens.values()) if (t.grantId === grantId && t.status !== 'revoked') (t.status = 'revoked'), n++;
    return n;
  }

  clear(): void {
    for (const m of [this.requestTokens, this.accessTokens, this.codes, this.bearerTokens, this.refreshTokens, this.pendingLogins]) m.clear();
    this.nonces.clear();
  }
}
