import { oauthParams, approvingOAuth1Authorize } from './oauth1-emulation';
import { json, queryOf, startEmulation, type Emulation } from './provider-emulation';

/**
 * X (Twitter) OAuth 1.0a, as documented:
 * - https://developer.x.com/en/docs/authentication/api-reference/request_token — POST oauth/request_token answers
 *   `oauth_token=…&oauth_token_secret=…&oauth_callback_confirmed=true` (no lifetime; served as text/html); a callback
 *   not registered for the app is refused with HTTP 403 and `{"errors": [{"code": 415, "message": "Callback URL not
 *   approved for this client application. …"}]}`.
 * - https://developer.x.com/en/docs/authentication/api-reference/access_token — POST oauth/access_token answers
 *   `oauth_token=…&oauth_token_secret=…&user_id=…&screen_name=…`.
 * - https://developer.x.com/en/docs/authentication/oauth-1-0a/obtaining-user-access-tokens — a user who refuses is
 *   sent back with `?denied=<request token>`.
 * - The older API answered a desktop app that sent a callback URL with HTTP 401 and an XML document,
 *   `<hash><error>Desktop applications only support the oauth_callback value 'oob'</error>…</hash>`
 *   (https://developer.x.com/en/docs/authentication/oauth-1-0a/pin-based-oauth).
 */
export const X = {
  consumerKey: 'cChZNFj6T5R0TigYB9yd1w',
  consumerSecret: 'L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg',
  requestToken: 'NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0',
  verifier: 'uw7NjWHT6OJ1MpJOXsHfNxoAhPKpgI8BlYDhxEjIBY',
  accessToken: '7588892-kagSNqWge8gB1WwE3plnFsJHAZVfxWD7Vb57p0b4',
  accessSecret: 'PbKfYqSryyeKDWz4ebtY3o5ogNLG11WJuZBc9fQrQo',
};

export function startX(
  options: { refuse?: 'callback not approved' | 'desktop app'; deny?: boolean } = {}
): Promise<Emulation> {
  const callbacks = new Map<string, string>();
  return startEmulation({
    'POST /oauth/request_token': (request) => {
      const callback = oauthParams(request).get('oauth_callback') ?? '';
      if (options.refuse === 'callback not approved')
        return json(
          {
            errors: [
              {
                code: 415,
                message:
                  'Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings',
              },
            ],
          },
          403
        );
      if (options.refuse === 'desktop app')
        return {
          status: 401,
          headers: { 'Content-Type': 'application/xml; charset=utf-8' },
          body: `<?xml version="1.0" encoding="UTF-8"?>\n<hash>\n  <error>Desktop applications only support the oauth_callback value 'oob'</error>\n  <request>/oauth/request_token</request>\n</hash>\n`,
        };
      callbacks.set(X.requestToken, callback);
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: `oauth_token=${X.requestToken}&oauth_token_secret=veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI&oauth_callback_confirmed=true`,
      };
    },
    'GET /oauth/authorize': options.deny
      ? (request) => ({
          status: 302,
          headers: { Location: `${callbacks.get(queryOf(request).get('oauth_token') ?? '')}?denied=${X.requestToken}` },
        })
      : approvingOAuth1Authorize(X.verifier, callbacks),
    'POST /oauth/access_token': () => ({
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: `oauth_token=${X.accessToken}&oauth_token_secret=${X.accessSecret}&user_id=7588892&screen_name=kaiserkiwi`,
    }),
  });
}
