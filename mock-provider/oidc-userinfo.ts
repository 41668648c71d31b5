import { ok, refused, type Handled, type ProviderContext } from './context';
import { bearerChallenge, oauth2Error } from './errors';
import { jsonReply, type ProviderRequest } from './http';
import { ASSUME_OIDC_ENDPOINT } from './oidc-discovery';
import { userClaims } from './oidc-id-token';
import { authenticateBearer, bearerRefusal } from './resources';

/**
 * UserInfo (OIDC Core §5.3), mock-only: GET or POST with the access token as a bearer token (§5.3.1). The token
 * must come from a request with scope openid; its claims follow the granted scope (§5.4), `sub` always.
 */
export function userinfo(req: ProviderRequest, ctx: ProviderContext): Handled {
  const endpoint = 'oidc.userinfo';
  const realm = ctx.config.realm;
  const assumptions = [ASSUME_OIDC_ENDPOINT];
  if (req.method !== 'GET' && req.method !== 'POST') {
    const message = `${req.method} is not accepted; UserInfo answers GET and POST (OIDC Core §5.3.1).`;
    return {
      endpoint,
      reply: oauth2Error(405, 'invalid_request', message, [['Allow', 'GET, POST']]),
      verdict: refused('invalid_request', message),
      assumptions,
    };
  }
  const b = authenticateBearer(req, ctx);
  if (!b.ok)
    return {
      endpoint,
      reply: bearerRefusal(realm, b),
      verdict: refused(b.error ?? 'no_credentials', b.description),
      assumptions,
    };
  const t = b.token;
  if (!t.scope.split(' ').includes('openid')) {
    const message =
      'The access token was not granted the openid scope; UserInfo serves OpenID Connect requests only (OIDC Core §5.3, RFC 6750 §3.1 insufficient_scope).';
    return {
      endpoint,
      reply: oauth2Error(403, 'insufficient_scope', message, [
        ['WWW-Authenticate', bearerChallenge(realm, 'insufficient_scope', message)],
      ]),
      verdict: refused('insufficient_scope', message),
      assumptions,
    };
  }
  return {
    endpoint,
    reply: jsonReply(200, userClaims(t.username, t.scope), b.headers),
    verdict: ok(`UserInfo for ${t.username} (scope ${t.scope}).`),
    assumptions,
  };
}
