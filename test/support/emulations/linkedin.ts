import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * LinkedIn's 3-legged OAuth, as documented:
 * - https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow — the token response
 *   is `{"access_token": …, "expires_in": 5184000, "scope": "r_liteprofile"}`: no token_type; a refresh_token only
 *   for approved partners.
 * - https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling — API errors are
 *   `{"serviceErrorCode": 65600, "code": "INVALID_ACCESS_TOKEN", "message": "Invalid access token", "status": 401}`.
 */
export const LINKEDIN = {
  clientId: '86abcdefghij',
  clientSecret: 'li-secret',
  code: 'AQTQmah11lalyH65DAIivsjsAQV5P',
  token: 'AQXNnd2kXITHELmWblJigbHEuoFdfRhOwGA0QNnumBI8X',
};

export function startLinkedin(): Promise<Emulation> {
  return startEmulation({
    'GET /oauth/v2/authorization': approvingAuthorize(LINKEDIN.code),
    'POST /oauth/v2/accessToken': (request) =>
      new URLSearchParams(request.body).get('code') === LINKEDIN.code
        ? json({ access_token: LINKEDIN.token, expires_in: 5184000, scope: 'r_liteprofile' })
        : json(
            {
              error: 'invalid_request',
              error_description:
                'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
            },
            400
          ),
    'GET /v2/me': (request) =>
      request.headers.authorization === `Bearer ${LINKEDIN.token}`
        ? json({ id: 'yrZCpj2Z12' })
        : json(
            { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token', status: 401 },
            401
          ),
  });
}
