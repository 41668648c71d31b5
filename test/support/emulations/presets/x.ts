import { startOAuth1Emulation } from './oauth1-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * X (https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/obtaining-user-access-tokens): POST
 * /oauth/request_token and /oauth/access_token, GET /oauth/authorize, signed with HMAC-SHA1 in the Authorization
 * header (https://docs.x.com/resources/fundamentals/authentication/oauth-1-0a/authorizing-a-request).
 */
export async function startX(): Promise<PresetEmulation> {
  const e = await startOAuth1Emulation({
    requestTokenPath: '/oauth/request_token',
    authorizePath: '/oauth/authorize',
    accessTokenPath: '/oauth/access_token',
    method: 'POST',
    placement: 'header',
    consumerKey: EMULATED_CLIENT.id,
    consumerSecret: EMULATED_CLIENT.secret,
  });
  return {
    hosts: { 'https://api.x.com': e.base },
    granted: e.granted,
    servers: [e],
    expected: { oauth_token: 'at-1' },
  };
}
