import { oauthParams, approvingOAuth1Authorize } from './oauth1-emulation';
import { form, startEmulation, type Emulation } from './provider-emulation';

/**
 * Trello's OAuth 1.0a, as documented at https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/
 * (endpoints /1/OAuthGetRequestToken, /1/OAuthAuthorizeToken, /1/OAuthGetAccessToken): form answers without a
 * request-token lifetime; an unknown API key is refused with HTTP 401 and the plain text `invalid key`
 * (https://developer.atlassian.com/cloud/trello/guides/rest-api/status-codes/).
 */
export const TRELLO = {
  consumerKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  consumerSecret: 'trello-secret',
  requestToken: 'trello-rt',
  verifier: 'trello-verifier',
  accessToken: 'ATTA-trello-access',
  accessSecret: 'trello-access-secret',
};

export function startTrello(): Promise<Emulation> {
  const callbacks = new Map<string, string>();
  return startEmulation({
    'POST /1/OAuthGetRequestToken': (request) => {
      const params = oauthParams(request);
      if (params.get('oauth_consumer_key') !== TRELLO.consumerKey)
        return { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'invalid key' };
      callbacks.set(TRELLO.requestToken, params.get('oauth_callback') ?? '');
      return form({
        oauth_token: TRELLO.requestToken,
        oauth_token_secret: 'trello-rts',
        oauth_callback_confirmed: 'true',
      });
    },
    'GET /1/OAuthAuthorizeToken': approvingOAuth1Authorize(TRELLO.verifier, callbacks),
    'POST /1/OAuthGetAccessToken': () =>
      form({ oauth_token: TRELLO.accessToken, oauth_token_secret: TRELLO.accessSecret }),
  });
}
