import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Reddit's OAuth 2, as documented at https://github.com/reddit-archive/reddit/wiki/OAuth2: the token request uses
 * HTTP Basic with the client id and secret; a wrong one gets HTTP 401 with `{"message": "Unauthorized",
 * "error": 401}` (the error is a number, not an RFC 6749 (https://www.rfc-editor.org/rfc/rfc6749) code); a success is JSON with access_token, token_type
 * "bearer", expires_in 3600, scope and, with duration=permanent, a refresh_token.
 */
export const REDDIT = {
  clientId: 'p-jcoLKBynTLew',
  clientSecret: 'gko_LXELoV07ZBNUXrvWZfzE3aI',
  code: 'reddit-code-1',
  token: '2gVXBC-reddit-token',
};

export function startReddit(): Promise<Emulation> {
  const basic = `Basic ${Buffer.from(`${REDDIT.clientId}:${REDDIT.clientSecret}`).toString('base64')}`;
  return startEmulation({
    'GET /api/v1/authorize': approvingAuthorize(REDDIT.code),
    'POST /api/v1/access_token': (request) =>
      request.headers.authorization !== basic
        ? json({ message: 'Unauthorized', error: 401 }, 401)
        : json({
            access_token: REDDIT.token,
            token_type: 'bearer',
            expires_in: 3600,
            scope: 'identity',
            refresh_token: 'reddit-refresh',
          }),
  });
}
