import { json } from '../provider-emulation';
import { startClientCredentialsEmulation } from './client-credentials-emulation';
import type { PresetEmulation } from './preset-emulation';

/**
 * Auth0 client credentials (https://auth0.com/docs/get-started/authentication-and-authorization-flow/client-credentials-flow/call-your-api-using-the-client-credentials-flow):
 * POST /oauth/token with client_id, client_secret and the API's identifier as `audience` in the form; without an
 * audience (and no default one configured) the tenant refuses with access_denied.
 */
export async function startAuth0(): Promise<PresetEmulation> {
  const e = await startClientCredentialsEmulation({
    tokenPath: '/oauth/token',
    clientAuth: 'body',
    check: (f) =>
      f.get('audience') === 'https://api.example.com/'
        ? null
        : json(
            {
              error: 'access_denied',
              error_description: 'No audience parameter was provided, and no default audience has been configured',
            },
            403
          ),
    apiPath: '/api/v2/clients',
    tokenResponse: () => json({ access_token: 'eyJz93a.auth0-app', token_type: 'Bearer', expires_in: 86400 }),
  });
  return {
    // The audience is the API's identifier, not an address: it is sent as it is.
    hosts: { 'https://your-tenant.us.auth0.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { access_token: 'eyJz93a.auth0-app', expires_in: 86400 },
  };
}
