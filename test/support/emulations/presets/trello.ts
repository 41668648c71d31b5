import { startOAuth1Emulation } from './oauth1-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Trello (https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/#using-basic-oauth):
 * https://trello.com/1/OAuthGetRequestToken, /1/OAuthAuthorizeToken (with name, scope and expiration) and
 * /1/OAuthGetAccessToken, HMAC-SHA1 in the Authorization header.
 */
export async function startTrello(): Promise<PresetEmulation> {
  const e = await startOAuth1Emulation({
    requestTokenPath: '/1/OAuthGetRequestToken',
    authorizePath: '/1/OAuthAuthorizeToken',
    accessTokenPath: '/1/OAuthGetAccessToken',
    method: 'POST',
    placement: 'header',
    consumerKey: EMULATED_CLIENT.id,
    consumerSecret: EMULATED_CLIENT.secret,
  });
  return {
    hosts: { 'https://trello.com': e.base, 'https://api.trello.com': e.base },
    granted: e.granted,
    servers: [e],
    expected: { oauth_token: 'at-1' },
  };
}
