import { bad } from '../oauth2-token-error';
import type { Grant } from './grant';
import { grantedScope } from './granted-scope';
import { issueTokens } from './issue-tokens';
import { requestedResource } from './requested-resource';

const ASSUME_CLIENT_CREDENTIALS =
  'The client_credentials grant follows RFC 6749 §4.4; the service documents only the authorization code grant (interface §4.2).';

/**
 * RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4), mock-only: a client acting on its own behalf. The endpoint has authenticated the client
 * already (§4.4.2 requires it, so a public client is refused there); the scope asked for must be among the
 * client's, and no refresh token is issued (§4.4.3: SHOULD NOT).
 */
export const clientCredentialsGrant = {
  grantType: 'client_credentials',
  handle(ctx, client, get, certificate) {
    if (client.secret === undefined && (client.tokenEndpointAuthMethod ?? 'none') === 'none')
      throw bad(
        'unauthorized_client',
        `Client ${client.id} is a public client; the client credentials grant is for clients that authenticate (RFC 6749 §4.4).`
      );
    const scope = grantedScope(ctx, client, get.value('scope'));
    const grant = { grantId: ctx.state.newSecret(9, 'g-'), clientId: client.id, username: client.id };
    return {
      ...issueTokens(ctx, grant, scope, `Client ${client.id} authenticated for itself (RFC 6749 §4.4)`, {
        withoutRefresh: true,
        resource: requestedResource(get),
        certificate,
      }),
      assumptions: [ASSUME_CLIENT_CREDENTIALS],
    };
  },
} as const satisfies Grant;
