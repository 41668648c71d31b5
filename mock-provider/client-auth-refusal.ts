import type { ClientAuthMethod } from './client-auth-methods';
import type { ClientConfig } from './config';
import { quoted } from './errors';
import { TokenError } from './oauth2-token-error';

/** Refusals of client authentication (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) invalid_client), shared by every method's check. */
export const basicFailure = (realm: string, description: string): TokenError =>
  new TokenError(401, 'invalid_client', description, [['WWW-Authenticate', `Basic realm=${quoted(realm)}`]]);
/** RFC 6749 §5.2: 401 for failed client authentication, with a Basic challenge when the client used Basic. */
export const clientFailure = (usedBasic: boolean, realm: string, description: string): TokenError =>
  usedBasic ? basicFailure(realm, description) : new TokenError(401, 'invalid_client', description);

/** The methods a client may authenticate with: the one it registered, or for a configured client the secret ones. */
function allowedMethods(client: ClientConfig): readonly ClientAuthMethod[] {
  if (client.tokenEndpointAuthMethod) return [client.tokenEndpointAuthMethod];
  return client.secret === undefined ? ['none'] : ['client_secret_basic', 'client_secret_post', 'client_secret_jwt'];
}

/** Refuses a method the client did not register (RFC 7591 §2 token_endpoint_auth_method). */
export function checkMethod(client: ClientConfig, used: ClientAuthMethod, usedBasic: boolean, realm: string): void {
  const allowed = allowedMethods(client);
  if (!allowed.includes(used))
    throw clientFailure(
      usedBasic,
      realm,
      `Client authentication failed: client ${client.id} authenticates with ${allowed.join(' or ')} (its token_endpoint_auth_method, RFC 7591 §2), not ${used}.`
    );
}
