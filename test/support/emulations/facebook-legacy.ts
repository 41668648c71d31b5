import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Facebook Login before Graph API v2.3, as documented:
 * - https://developers.facebook.com/docs/apps/changelog (v2.3: "[Oauth Access Token] Format — The response format of
 *   https://www.facebook.com/v2.3/oauth/access_token returned when you exchange a code for an access_token now
 *   return valid JSON instead of being URL encoded") — before it, `access_token=…&expires=5183999` as text/plain,
 *   with `expires` instead of expires_in and no token_type.
 * - https://developers.facebook.com/docs/graph-api/guides/error-handling — errors are a nested object:
 *   `{"error": {"message": …, "type": "OAuthException", "code": 100, "fbtrace_id": …}}` with HTTP 400.
 */
export const FACEBOOK = {
  clientId: '1234567890',
  clientSecret: 'fb-secret',
  code: 'fb-code-1',
  token: 'EAACEdEose0cBAPq7Z3u2Z',
};

export function startFacebookLegacy(): Promise<Emulation> {
  const used = new Set<string>();
  return startEmulation({
    'GET /dialog/oauth': approvingAuthorize(FACEBOOK.code),
    '/oauth/access_token': (request) => {
      const body = new URLSearchParams(request.body);
      const code = body.get('code') ?? '';
      if (code !== FACEBOOK.code || used.has(code))
        return json(
          {
            error: {
              message: 'This authorization code has been used.',
              type: 'OAuthException',
              code: 100,
              fbtrace_id: 'AbCdEf123',
            },
          },
          400
        );
      used.add(code);
      return {
        status: 200,
        headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
        body: `access_token=${FACEBOOK.token}&expires=5183999`,
      };
    },
  });
}
