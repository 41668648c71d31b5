import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Dropbox (https://developers.dropbox.com/oauth-guide, https://www.dropbox.com/developers/documentation/http/documentation#oauth2-token):
 * authorization on www.dropbox.com, tokens on api.dropboxapi.com (another host); a refresh token only with
 * `token_access_type=offline`.
 */
export async function startDropbox(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    tokenOnOtherHost: true,
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: (q) =>
      json({
        access_token: 'sl.emulated',
        token_type: 'bearer',
        expires_in: 14400,
        account_id: 'dbid:EMU',
        uid: '12345',
        ...(q.get('token_access_type') === 'offline' ? { refresh_token: 'dropbox-refresh' } : {}),
      }),
  });
  return {
    hosts: { 'https://www.dropbox.com': e.main.base, 'https://api.dropboxapi.com': e.token.base },
    granted: e.granted,
    servers: [e.main, e.token],
    expected: { refresh_token: 'dropbox-refresh' },
  };
}
