import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Spotify (https://developer.spotify.com/documentation/web-api/tutorials/code-flow): /authorize and /api/token on
 * accounts.spotify.com; the token request carries `Authorization: Basic base64(client_id:client_secret)`.
 */
export async function startSpotify(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/api/token',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'basic',
    tokenResponse: (q) =>
      json({
        access_token: 'BQ-emulated',
        token_type: 'Bearer',
        scope: q.get('scope') ?? '',
        expires_in: 3600,
        refresh_token: 'AQ-emulated',
      }),
  });
  return {
    hosts: { 'https://accounts.spotify.com': e.main.base, 'https://api.spotify.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { refresh_token: 'AQ-emulated' },
  };
}
