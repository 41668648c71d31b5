import { startOAuth1Emulation } from './oauth1-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Flickr (https://www.flickr.com/services/api/auth.oauth.html): the documented requests are GETs to
 * /services/oauth/request_token and /services/oauth/access_token with every oauth_* parameter in the query string,
 * signed with HMAC-SHA1; the user authorizes at /services/oauth/authorize with `perms`.
 */
export async function startFlickr(): Promise<PresetEmulation> {
  const e = await startOAuth1Emulation({
    requestTokenPath: '/services/oauth/request_token',
    authorizePath: '/services/oauth/authorize',
    accessTokenPath: '/services/oauth/access_token',
    method: 'GET',
    placement: 'query',
    consumerKey: EMULATED_CLIENT.id,
    consumerSecret: EMULATED_CLIENT.secret,
  });
  return {
    hosts: { 'https://www.flickr.com': e.base },
    granted: e.granted,
    servers: [e],
    expected: { oauth_token: 'at-1' },
  };
}
