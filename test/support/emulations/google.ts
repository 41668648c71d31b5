import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Google's OAuth 2 for web server apps, as documented:
 * - https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code — the token
 *   response has access_token, expires_in (3599), token_type "Bearer", scope, refresh_token (on the first
 *   authorization with access_type=offline) and, with the openid scope, an id_token.
 * - the same page, "Error responses": `{"error": "invalid_grant", "error_description": "Bad Request"}` and
 *   `invalid_client` with HTTP 400 / 401.
 * - https://cloud.google.com/apis/design/errors — an API refuses a token with HTTP 401 and
 *   `{"error": {"code": 401, "message": …, "status": "UNAUTHENTICATED"}}` and a `WWW-Authenticate: Bearer` challenge.
 */
export const GOOGLE = {
  clientId: '1234-abc.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-google-secret',
  code: '4/0AX4XfWh-google-code',
  token: 'ya29.a0AfH6SMBx-google',
  idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMTAxNjk0ODQ0NzQzODYyNzYzMzQifQ.c2ln',
};

export function startGoogle(): Promise<Emulation> {
  const used = new Set<string>();
  return startEmulation({
    'GET /o/oauth2/v2/auth': approvingAuthorize(GOOGLE.code),
    'POST /token': (request) => {
      const body = new URLSearchParams(request.body);
      if (body.get('client_secret') !== GOOGLE.clientSecret)
        return json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, 401);
      const code = body.get('code') ?? '';
      if (code !== GOOGLE.code || used.has(code))
        return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
      used.add(code);
      return json(
        {
          access_token: GOOGLE.token,
          expires_in: 3599,
          refresh_token: '1//04-google-refresh',
          scope: 'openid https://www.googleapis.com/auth/drive.metadata.readonly',
          token_type: 'Bearer',
          id_token: GOOGLE.idToken,
        },
        200,
        { 'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate' }
      );
    },
    'GET /drive/v3/files': (request) =>
      request.headers.authorization === `Bearer ${GOOGLE.token}`
        ? json({ files: [] })
        : json(
            {
              error: {
                code: 401,
                message:
                  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
                status: 'UNAUTHENTICATED',
              },
            },
            401,
            { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' }
          ),
  });
}
