import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Reddit (https://github.com/reddit-archive/reddit/wiki/OAuth2, https://github.com/reddit-archive/reddit/wiki/API):
 * the token request authenticates with HTTP Basic; a User-Agent must be unique and descriptive,
 * `<platform>:<app ID>:<version> (by /u/<username>)`, or requests are throttled (429); `duration=permanent`
 * returns a refresh token.
 */
export async function startReddit(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/api/v1/authorize',
    tokenPath: '/api/v1/access_token',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'basic',
    tokenCheck: (r) =>
      /^[\w.-]+:[\w.-]+:[\w.-]+ \(by \/u\/\w+\)$/.test(String(r.headers['user-agent'] ?? ''))
        ? null
        : json({ message: 'Too Many Requests', error: 429 }, 429),
    tokenResponse: (q) =>
      json({
        access_token: 'reddit-emulated',
        token_type: 'bearer',
        expires_in: 86400,
        scope: q.get('scope') ?? '',
        ...(q.get('duration') === 'permanent' ? { refresh_token: 'reddit-refresh' } : {}),
      }),
  });
  return {
    hosts: { 'https://www.reddit.com': e.main.base, 'https://oauth.reddit.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { refresh_token: 'reddit-refresh' },
  };
}
