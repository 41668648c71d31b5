import { json } from '../provider-emulation';
import { startClientCredentialsEmulation } from './client-credentials-emulation';
import type { PresetEmulation } from './preset-emulation';

/**
 * Okta client credentials (https://developer.okta.com/docs/guides/implement-grant-type/clientcreds/main/): POST
 * /oauth2/default/v1/token on the custom authorization server, the client id and secret as HTTP Basic (not in the
 * body), at least one custom scope; a service app may sign a private_key_jwt assertion instead
 * (https://developer.okta.com/docs/guides/implement-oauth-for-okta-serviceapp/main/: RS256, kid, aud the token URL).
 */
export async function startOkta(): Promise<PresetEmulation> {
  const e = await startClientCredentialsEmulation({
    tokenPath: '/oauth2/default/v1/token',
    clientAuth: 'basic',
    privateKeyJwt: { alg: 'RS256', keyHeader: 'kid' },
    check: (f) =>
      f.get('scope')
        ? null
        : json(
            {
              error: 'invalid_scope',
              error_description:
                "The authorization server resource does not have any configured default scopes, 'scope' must be provided.",
            },
            400
          ),
    apiPath: '/api/v1/users',
    tokenResponse: (f) =>
      json({ token_type: 'Bearer', expires_in: 3600, access_token: 'eyJraWQi.okta-app', scope: f.get('scope') }),
  });
  return {
    hosts: { 'https://your-org.okta.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { access_token: 'eyJraWQi.okta-app', scope: 'your_custom_scope' },
  };
}
