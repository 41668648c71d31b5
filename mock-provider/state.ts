import type { MockClock } from './clock';
import type { ClientConfig } from './config';
import { BoundedTable } from '../shared/bounded-table';
import { NonceMemory } from './nonces';
import type { PooledRandom } from './random-pool';

/** Who checks a DPoP proof: the authorization server (token, PAR, RFC 9449 §8) or a protected resource (§9). */
export type DpopRole = 'authorization-server' | 'resource';

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
  /** RFC 8707 §2: the resource of the authorization request; the tokens are bound to it (their audience). */
  readonly resource?: string | null;
  /** RFC 9449 §10: the thumbprint of the DPoP key the code is bound to (dpop_jkt, or the PAR request's proof). */
  readonly dpopJkt?: string | null;
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
  /** RFC 8707: the resource (audience) the token was issued for; null or absent: any resource of this provider. */
  readonly resource?: string | null;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface BearerToken extends GrantToken {
  status: 'valid' | 'revoked';
  /** x5t#S256 of the client certificate the token is bound to (RFC 8705 §3), when issued over mutual TLS. */
  readonly certificateThumbprint?: string;
  /** DPoP: the thumbprint of the key the token is bound to (`cnf.jkt`, RFC 9449 §6 (https://www.rfc-editor.org/rfc/rfc9449#section-6)); absent for a bearer token. */
  readonly jkt?: string;
}

export interface RefreshToken extends GrantToken {
  status: 'valid' | 'rotated' | 'revoked';
  /** DPoP: a public client's refresh token is bound to its DPoP key (RFC 9449 §5). */
  readonly jkt?: string;
  /** x5t#S256 of the client certificate a public client's refresh token is bound to (RFC 8705 §4). */
  readonly certificateThumbprint?: string;
}

/**
 * A device authorization (RFC 8628 §3.2 (https://www.rfc-editor.org/rfc/rfc8628#section-3.2)): the device polls with deviceCode while the user enters userCode on the
 * verification page. `interval` grows by 5 s at each slow_down (§3.5); `lastPolledAt` is the mock clock's time.
 */
export interface DeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly scope: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  interval: number;
  lastPolledAt: number | null;
  status: 'pending' | 'approved' | 'denied' | 'redeemed';
  username?: string;
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
      /** RFC 8707 §2: the resource the token is asked for, if any. */
      readonly resource?: string | null;
      /** RFC 9449 §10, §10.1: the DPoP key's thumbprint the code will be bound to, if any. */
      readonly dpopJkt?: string | null;
      readonly expiresAt: number;
    }
  | { readonly kind: 'device'; readonly expiresAt: number };

/**
 * A pushed authorization request (RFC 9126 §2.2 (https://www.rfc-editor.org/rfc/rfc9126#section-2.2)), by its request_uri: the checked request, single use
 * (`used`) and short-lived (`expiresAt`, the mock clock's milliseconds).
 */
export interface PushedRequest {
  readonly clientId: string;
  readonly pending: Extract<PendingLogin, { kind: 'oauth2' }>;
  readonly expiresAt: number;
  used: boolean;
  /** Handed out already used or expired by the switch parFault, so the refusal can say so. */
  readonly fault: 'off' | 'request-uri-reused' | 'request-uri-expired';
}

/** A client ID metadata document fetched: the client it describes, or why it was refused; kept until `until`. */
export type FetchedClientDocument =
  { readonly client: ClientConfig; readonly until: number } | { readonly refused: string; readonly until: number };

/** Upper bound of each table, so unauthenticated traffic (login pages) cannot exhaust memory. */
export const TABLE_LIMIT = 50_000;

const USER_CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';

export class ProviderState {
  readonly requestTokens = new BoundedTable<string, RequestToken>(TABLE_LIMIT);
  readonly accessTokens = new BoundedTable<string, OAuth1AccessToken>(TABLE_LIMIT);
  readonly codes = new BoundedTable<string, AuthorizationCode>(TABLE_LIMIT);
  readonly bearerTokens = new BoundedTable<string, BearerToken>(TABLE_LIMIT);
  readonly refreshTokens = new BoundedTable<string, RefreshToken>(TABLE_LIMIT);
  readonly pendingLogins = new BoundedTable<string, PendingLogin>(TABLE_LIMIT);
  /** Client ID metadata documents fetched, by URL (client-metadata-document.ts); few, so a small table. */
  readonly clientDocuments = new BoundedTable<string, FetchedClientDocument>(1000);
  /** Device authorizations by device_code, and the device_code of each user_code (RFC 8628 §3.2). */
  readonly deviceAuthorizations = new BoundedTable<string, DeviceAuthorization>(TABLE_LIMIT);
  readonly userCodes = new BoundedTable<string, string>(TABLE_LIMIT);
  /** Clients registered at the open registration endpoint (RFC 7591 §3), by client_id; 1,000 bound their memory. */
  readonly registeredClients = new BoundedTable<string, ClientConfig>(1000);
  /** When each registration still inside the rate window was accepted (registration-limits.ts), oldest first. */
  readonly registrationTimes: number[] = [];
  /** The jti of each client assertion accepted, until its exp, keyed `client_id jti` (RFC 7523 §3 item 7). */
  readonly assertionIds = new BoundedTable<string, number>(TABLE_LIMIT);
  /** Pushed authorization requests by request_uri (RFC 9126 §2.2). */
  readonly pushedRequests = new BoundedTable<string, PushedRequest>(TABLE_LIMIT);
  readonly nonces: NonceMemory;
  /** DPoP proofs' jti seen within their lifetime (RFC 9449 §11.1), bounded as the OAuth 1.0a nonces are. */
  readonly dpopJtis: NonceMemory;
  /**
   * DPoP: the nonce each role hands out now and the one before it, both accepted; the authorization server's (§8) and
   * the resources' (§9) are their own, as servers that share an origin but not their nonces.
   */
  readonly dpopNonces = new Map<DpopRole, { current: string; previous: string | null; issuedAt: number }>();

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
  addDeviceAuthorization(d: DeviceAuthorization): void {
    this.deviceAuthorizations.set(d.deviceCode, d);
    this.userCodes.set(d.userCode, d.deviceCode);
  }

  deviceByUserCode(userCode: string): DeviceAuthorization | undefined {
    const deviceCode = this.userCodes.get(userCode);
    return deviceCode === undefined ? undefined : this.deviceAuthorizations.get(deviceCode);
  }

  /**
   * A user code (RFC 8628 §6.1 (https://www.rfc-editor.org/rfc/rfc8628#section-6.1)): 8 letters of the 20 consonants "BCDFGHJKLMNPQRSTVWXZ" (about 34.6 bits),
   * case-insensitive and free of vowels so no word is spelt; shown as XXXX-XXXX. Bytes of 240 and above are drawn
   * again so every letter is equally likely.
   */
  newUserCode(): string {
    let code = '';
    while (code.length < 8)
      for (const b of this.random.bytes(8)) if (b < 240 && code.length < 8) code += USER_CODE_LETTERS[b % 20];
    return `${code.slice(0, 4)}-${code.slice(4)}`;
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
      this.clientDocuments,
      this.deviceAuthorizations,
      this.userCodes,
      this.registeredClients,
      this.assertionIds,
      this.pushedRequests,
    ])
      t.clear();
    this.registrationTimes.length = 0;
    this.nonces.clear();
    this.dpopJtis.clear();
    this.dpopNonces.clear();
  }
}
