import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * LinkedIn (https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow):
 * /oauth/v2/authorization and /oauth/v2/accessToken on www.linkedin.com, client_id and client_secret in the form
 * body; the response has access_token, expires_in and scope (an id_token with the openid scope).
 */
export async function startLinkedIn(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/oauth/v2/authorization',
    tokenPath: '/oauth/v2/accessToken',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: (q) =>
      json({
        access_token: 'AQV-emulated',
        expires_in: 5183999,
        scope: q.get('scope') ?? '',
        token_type: 'Bearer',
        id_token: 'eyJ.emulated.sig',
      }),
  });
  return {
    hosts: { 'https://www.linkedin.com': e.main.base, 'https://api.linkedin.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { id_token: 'eyJ.emulated.sig' },
  };
}
