import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Google (https://developers.google.com/identity/protocols/oauth2/web-server): authorization at
 * accounts.google.com, tokens at oauth2.googleapis.com (another host), client secret in the body. A refresh token
 * is returned only with `access_type=offline`, and again on later authorizations only with `prompt=consent`.
 */
export async function startGoogle(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    tokenOnOtherHost: true,
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: (q) =>
      json({
        access_token: 'ya29.emulated',
        expires_in: 3599,
        token_type: 'Bearer',
        scope: q.get('scope') ?? '',
        ...(q.get('access_type') === 'offline' && q.get('prompt') === 'consent'
          ? { refresh_token: '1//emulated' }
          : {}),
      }),
  });
  return {
    hosts: {
      'https://accounts.google.com': e.main.base,
      'https://oauth2.googleapis.com': e.token.base,
      'https://openidconnect.googleapis.com': e.main.base,
    },
    granted: e.granted,
    servers: [e.main, e.token],
    expected: { refresh_token: '1//emulated' },
  };
}
