import type { ProviderState, RequestTokenStatus } from './state';

/**
 * The state as the admin API and the app's bridge show it: token values and statuses, never secrets. Expiry is
 * derived from the provider's clock when the view is made, so advancing the clock shows the interface's §3 transitions.
 * Type aliases rather than interfaces: the bridge's loose schemas need the implicit index signature they have.
 */
export type RequestTokenView = {
  readonly token: string;
  readonly consumerKey: string;
  readonly callback: string;
  readonly status: RequestTokenStatus | 'expired';
  readonly username: string | null;
  readonly issuedAt: string;
  readonly expiresAt: string;
};

export type AccessTokenView = {
  readonly token: string;
  readonly consumerKey: string;
  readonly username: string;
  readonly status: 'valid' | 'deauthorized';
  readonly issuedAt: string;
  readonly deauthorizedAt: string | null;
};

export type CodeView = {
  readonly code: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly username: string;
  readonly pkce: 'S256' | 'plain' | null;
  readonly status: 'issued' | 'redeemed' | 'expired';
  readonly issuedAt: string;
  readonly expiresAt: string;
};

export type GrantTokenView<S extends string> = {
  readonly token: string;
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly grantId: string;
  readonly status: S | 'expired';
  readonly issuedAt: string;
  readonly expiresAt: string;
};

export type StateView = {
  readonly now: string;
  readonly clockOffsetSeconds: number;
  readonly oauth1: {
    readonly requestTokens: RequestTokenView[];
    readonly accessTokens: AccessTokenView[];
    readonly noncesRemembered: number;
  };
  readonly oauth2: {
    readonly codes: CodeView[];
    readonly accessTokens: GrantTokenView<'valid' | 'revoked'>[];
    readonly refreshTokens: GrantTokenView<'valid' | 'rotated' | 'revoked'>[];
  };
};

export function stateView(state: ProviderState): StateView {
  const now = state.clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const timed = <S extends string>(t: { status: S; expiresAt: number }, live: S): S | 'expired' =>
    t.status === live && t.expiresAt <= now ? 'expired' : t.status;
  const grantToken = <S extends string>(t: {
    token: string;
    clientId: string;
    username: string;
    scope: string;
    grantId: string;
    status: S;
    issuedAt: number;
    expiresAt: number;
  }): GrantTokenView<S> => ({
    token: t.token,
    clientId: t.clientId,
    username: t.username,
    scope: t.scope,
    grantId: t.grantId,
    status: t.status === 'valid' && t.expiresAt <= now ? 'expired' : t.status,
    issuedAt: iso(t.issuedAt),
    expiresAt: iso(t.expiresAt),
  });
  return {
    now: iso(now),
    clockOffsetSeconds: state.clock.offsetSeconds,
    oauth1: {
      requestTokens: [...state.requestTokens.values()].map((t) => ({
        token: t.token,
        consumerKey: t.consumerKey,
        callback: t.callback,
        status: t.status !== 'exchanged' && t.expiresAt <= now ? 'expired' : t.status,
        username: t.username ?? null,
        issuedAt: iso(t.issuedAt),
        expiresAt: iso(t.expiresAt),
      })),
      accessTokens: [...state.accessTokens.values()].map((t) => ({
        token: t.token,
        consumerKey: t.consumerKey,
        username: t.username,
        status: t.status,
        issuedAt: iso(t.issuedAt),
        deauthorizedAt: t.deauthorizedAt === undefined ? null : iso(t.deauthorizedAt),
      })),
      noncesRemembered: state.nonces.size,
    },
    oauth2: {
      codes: [...state.codes.values()].map((c) => ({
        code: c.code,
        clientId: c.clientId,
        redirectUri: c.redirectUri,
        scope: c.scope,
        username: c.username,
        pkce: c.pkce?.method ?? null,
        status: timed(c, 'issued'),
        issuedAt: iso(c.issuedAt),
        expiresAt: iso(c.expiresAt),
      })),
      accessTokens: [...state.bearerTokens.values()].map(grantToken),
      refreshTokens: [...state.refreshTokens.values()].map(grantToken),
    },
  };
}
