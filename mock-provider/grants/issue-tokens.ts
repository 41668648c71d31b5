import { findClient } from '../clients';
import { SEED } from '../../shared/seed';
import { ok, type Handled, type ProviderContext } from '../context';
import { jsonReply } from '../http';
import { mintIdToken } from '../oidc-id-token';
import type { AuthorizationCode, RefreshToken } from '../state';

const ASSUME_OIDC =
  'The id_token follows OpenID Connect Core §3.1.3.3; the service offers no OpenID Connect (mock-only, scope openid).';

export interface IssueOptions {
  /** The refresh token presented, kept when rotation is switched off (RFC 6749 §6). */
  readonly previous?: RefreshToken;
  /** The code redeemed, for an id_token (OIDC Core §3.1.3.3). */
  readonly code?: AuthorizationCode;
  /** No refresh token: the client credentials grant never gets one (RFC 6749 §4.4.3). */
  readonly withoutRefresh?: boolean;
  /** The x5t#S256 of the client certificate to bind the access token to (RFC 8705 §3), if any. */
  readonly certificate?: string | null;
  /** RFC 8707 §2: the resource a grant without a code asked for at the token endpoint (./requested-resource.ts; RFC
   * 8693 §2.1's resource). */
  readonly resource?: string | null;
  /** Fields the grant's response adds (RFC 8693 §2.2.1's issued_token_type). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * The token response every grant ends with (interface §2.4, RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)): a new bearer token, and a refresh token,
 * new unless `previous` is kept because rotation is switched off (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)).
 */
export function issueTokens(
  ctx: ProviderContext,
  from: { grantId: string; clientId: string; username: string },
  scope: string,
  what: string,
  options: IssueOptions = {}
): Handled {
  const { previous, code } = options;
  const now = ctx.clock.now();
  const { accessTokenTtl, refreshTokenTtl } = ctx.settings.lifetimes;
  const resource = tokenResource(ctx, options.resource ?? code?.resource ?? previous?.resource ?? null);
  const access = {
    token: ctx.state.newSecret(24, 'b-'),
    grantId: from.grantId,
    clientId: from.clientId,
    username: from.username,
    scope,
    resource,
    issuedAt: now,
    expiresAt: now + accessTokenTtl * 1000,
    status: 'valid' as const,
    ...(options.certificate ? { certificateThumbprint: options.certificate } : {}),
    ...(ctx.dpopJkt ? { jkt: ctx.dpopJkt } : {}),
  };
  ctx.state.addBearer(access);
  let refreshToken = previous;
  if (!options.withoutRefresh && (!previous || ctx.settings.switches.rotateRefreshTokens)) {
    if (previous) previous.status = 'rotated';
    // RFC 6749 §6: a new refresh token keeps the original grant's scope.
    refreshToken = {
      token: ctx.state.newSecret(32, 'r-'),
      grantId: from.grantId,
      clientId: from.clientId,
      username: from.username,
      scope: previous?.scope ?? scope,
      resource: previous?.resource ?? code?.resource ?? null,
      issuedAt: now,
      expiresAt: now + refreshTokenTtl * 1000,
      status: 'valid',
      // RFC 9449 §5: a public client's refresh token is bound to its DPoP key; a confidential client's is bound to it.
      ...(ctx.dpopJkt && !hasSecret(ctx, from.clientId) ? { jkt: ctx.dpopJkt } : {}),
      // RFC 8705 §4: likewise to the certificate; a confidential client may rotate its certificate instead.
      ...(options.certificate && isPublic(ctx, from.clientId) ? { certificateThumbprint: options.certificate } : {}),
    };
    ctx.state.addRefresh(refreshToken);
  }
  const body: Record<string, unknown> = {
    access_token: access.token,
    expires_in: accessTokenTtl,
    // RFC 9449 §5.1: token_type DPoP for a token bound to the proof's key.
    token_type: ctx.dpopJkt ? 'DPoP' : 'bearer',
    scope,
    ...options.fields,
  };
  if (refreshToken) body.refresh_token = refreshToken.token;
  // OpenID Connect (OIDC Core §3.1.3.3), beyond the service: a code grant with scope openid also returns an id_token.
  const openId = code !== undefined && scope.split(' ').includes('openid');
  if (openId)
    body.id_token = mintIdToken(ctx, {
      clientId: code.clientId,
      username: code.username,
      scope,
      nonce: code.nonce,
      accessToken: access.token,
      authTime: code.issuedAt,
    });
  const fault =
    openId && ctx.settings.switches.idTokenFault !== 'off'
      ? ` id_token issued with fault ${ctx.settings.switches.idTokenFault} (switch idTokenFault).`
      : openId
        ? ' id_token issued (OpenID Connect).'
        : '';
  return {
    endpoint: SEED.endpoints.oauth2Token.id,
    reply: jsonReply(200, body),
    verdict: ok(
      `${what}; ${ctx.dpopJkt ? `DPoP token bound to key ${ctx.dpopJkt}` : 'bearer token'} issued for ${from.username} (expires in ${accessTokenTtl} s).${fault}${options.certificate ? ` Bound to the client certificate x5t#S256 ${options.certificate} (RFC 8705 §3).` : ''}`
    ),
    assumptions: openId ? [ASSUME_OIDC] : undefined,
  };
}

/** The resource (audience) a token is bound to (RFC 8707 §2); the MCP fault audience-mismatch binds it to another. */
function tokenResource(ctx: ProviderContext, asked: string | null): string | null {
  if (asked === null || ctx.settings.switches.mcpFault !== 'audience-mismatch') return asked;
  return `${ctx.baseUrl()}/another-resource`;
}
const hasSecret = (ctx: ProviderContext, clientId: string) => findClient(ctx, clientId)?.secret !== undefined;
/** A client that does not authenticate (token_endpoint_auth_method none, RFC 7591 §2; or no secret and no method). */
function isPublic(ctx: ProviderContext, clientId: string): boolean {
  const client = findClient(ctx, clientId);
  if (!client) return false;
  const method = client.tokenEndpointAuthMethod;
  return method === 'none' || (method === undefined && client.secret === undefined);
}
