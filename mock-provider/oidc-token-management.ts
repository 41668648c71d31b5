import { ok, type Handled, type ProviderContext } from './context';
import { jsonReply, type ProviderRequest } from './http';
import { readClientPost } from './oauth2-token';
import { answeringTokenErrors, bad } from './oauth2-token-error';
import { ASSUME_OIDC_ENDPOINT } from './oidc-discovery';
import type { BearerToken, RefreshToken } from './state';

/**
 * Token revocation (RFC 7009 (https://www.rfc-editor.org/rfc/rfc7009)) and introspection (RFC 7662 (https://www.rfc-editor.org/rfc/rfc7662)), mock-only. Both authenticate the client as the token
 * endpoint does and find the token among access and refresh tokens, the hint only deciding which table is looked
 * at first (RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1), RFC 7662 §2.1 (https://www.rfc-editor.org/rfc/rfc7662#section-2.1)).
 */
type Found = { kind: 'access_token'; token: BearerToken } | { kind: 'refresh_token'; token: RefreshToken } | null;

function find(ctx: ProviderContext, value: string, hint: string | undefined): Found {
  const access = (): Found => {
    const t = ctx.state.bearerTokens.get(value);
    return t ? { kind: 'access_token', token: t } : null;
  };
  const refresh = (): Found => {
    const t = ctx.state.refreshTokens.get(value);
    return t ? { kind: 'refresh_token', token: t } : null;
  };
  return hint === 'refresh_token' ? (refresh() ?? access()) : (access() ?? refresh());
}

const handle = (endpoint: string, body: () => Promise<Handled>): Promise<Handled> =>
  answeringTokenErrors(endpoint, ASSUME_OIDC_ENDPOINT, body);

export function revoke(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  const endpoint = 'oauth2.revocation';
  return handle(endpoint, async () => {
    const { client, get } = await readClientPost(req, ctx, 'the revocation endpoint', 'RFC 7009 §2.1');
    const value = get.value('token');
    if (!value)
      throw bad('invalid_request', 'token is missing; send the access or refresh token to revoke (RFC 7009 §2.1).');
    const found = find(ctx, value, get.value('token_type_hint'));
    // RFC 7009 §2.2 (https://www.rfc-editor.org/rfc/rfc7009#section-2.2): an unknown or already invalid token is answered 200 too, so a client learns nothing from it.
    if (!found)
      return {
        endpoint,
        reply: jsonReply(200, {}),
        verdict: ok('Unknown token: nothing to revoke (answered 200, RFC 7009 §2.2).'),
        assumptions: [ASSUME_OIDC_ENDPOINT],
      };
    if (found.token.clientId !== client.id)
      throw bad(
        'unauthorized_client',
        `The token was issued to another client; a client may revoke only its own tokens (RFC 7009 §2.1).`
      );
    // RFC 7009 §2.1: revoking a refresh token revokes the access tokens of the same grant too.
    const n =
      found.kind === 'refresh_token'
        ? ctx.state.revokeGrant(found.token.grantId)
        : found.token.status === 'valid'
          ? ((found.token.status = 'revoked'), 1)
          : 0;
    const what =
      found.kind === 'refresh_token'
        ? `Refresh token revoked with its grant (${n} token${n === 1 ? '' : 's'})`
        : 'Access token revoked';
    return {
      endpoint,
      reply: jsonReply(200, {}),
      verdict: ok(`${what} (RFC 7009 §2.1).`),
      assumptions: [ASSUME_OIDC_ENDPOINT],
    };
  });
}

export function introspect(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  const endpoint = 'oauth2.introspection';
  return handle(endpoint, async () => {
    const { client, get } = await readClientPost(req, ctx, 'the introspection endpoint', 'RFC 7662 §2.1');
    const value = get.value('token');
    if (!value) throw bad('invalid_request', 'token is missing; send the token to introspect (RFC 7662 §2.1).');
    const found = find(ctx, value, get.value('token_type_hint'));
    const inactive = (why: string): Handled => ({
      endpoint,
      reply: jsonReply(200, { active: false }),
      verdict: ok(`Introspection: inactive (${why}).`),
      assumptions: [ASSUME_OIDC_ENDPOINT],
    });
    if (!found) return inactive('unknown token');
    const t = found.token;
    // RFC 7662 §4 (https://www.rfc-editor.org/rfc/rfc7662#section-4): a client learns nothing of tokens issued to other clients.
    if (t.clientId !== client.id) return inactive('issued to another client');
    if (t.status !== 'valid') return inactive(t.status);
    if (ctx.state.isExpired(t)) return inactive('expired');
    const body = {
      active: true,
      scope: t.scope,
      client_id: t.clientId,
      username: t.username,
      token_type: found.kind === 'access_token' ? (t.jkt ? 'DPoP' : 'Bearer') : 'refresh_token',
      // RFC 9449 §6.2: a DPoP-bound token's key, as its confirmation (RFC 7800).
      ...(t.jkt ? { cnf: { jkt: t.jkt } } : {}),
      exp: Math.floor(t.expiresAt / 1000),
      iat: Math.floor(t.issuedAt / 1000),
      sub: t.username,
      aud: t.clientId,
      iss: ctx.baseUrl(),
      // RFC 8705 §3.2: the certificate a bound token is good with.
      ...('certificateThumbprint' in t && t.certificateThumbprint
        ? { cnf: { 'x5t#S256': t.certificateThumbprint } }
        : {}),
    };
    return {
      endpoint,
      reply: jsonReply(200, body),
      verdict: ok(`Introspection: active ${found.kind} of ${t.username}.`),
      assumptions: [ASSUME_OIDC_ENDPOINT],
    };
  });
}
