import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Microsoft identity platform (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow):
 * /{tenant}/oauth2/v2.0/authorize and /token on login.microsoftonline.com, client secret in the body, a refresh
 * token only when the scope includes offline_access.
 */
export async function startMicrosoft(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/common/oauth2/v2.0/authorize',
    tokenPath: '/common/oauth2/v2.0/token',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: (q) =>
      json({
        token_type: 'Bearer',
        scope: 'User.Read',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: 'eyJ0eXAi.emulated',
        ...((q.get('scope') ?? '').split(' ').includes('offline_access') ? { refresh_token: 'M.R3_emulated' } : {}),
      }),
  });
  return {
    hosts: { 'https://login.microsoftonline.com': e.main.base, 'https://graph.microsoft.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { refresh_token: 'M.R3_emulated' },
  };
}
