import { approvingAuthorize, form, json, startEmulation, type Emulation, type SeenRequest } from './provider-emulation';

/**
 * GitHub OAuth apps, as documented:
 * - https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps — the token response is
 *   `access_token=gho_…&scope=repo%2Cgist&token_type=bearer` by default, JSON with `Accept: application/json`;
 *   OAuth app tokens carry no expires_in and no refresh_token.
 * - https://docs.github.com/en/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-oauth-app-access-token-request-errors
 *   — errors come with HTTP 200: `incorrect_client_credentials`, `redirect_uri_mismatch`, `bad_verification_code`,
 *   each with error_description and error_uri, in the same format as a success.
 */
export const GITHUB = {
  clientId: 'Iv1.8a61f9b3a7aba766',
  clientSecret: 'github-secret',
  code: 'gh-code-1',
  token: 'gho_16C7e42F292c6912E7710c838347Ae178B4a',
};

const TROUBLESHOOTING =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

function answer(request: SeenRequest, fields: Record<string, string>) {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') ? json(fields) : form(fields);
}

export function startGithub(): Promise<Emulation> {
  return startEmulation({
    'GET /login/oauth/authorize': approvingAuthorize(GITHUB.code),
    'POST /login/oauth/access_token': (request) => {
      const body = new URLSearchParams(request.body);
      if (body.get('client_id') !== GITHUB.clientId || body.get('client_secret') !== GITHUB.clientSecret) {
        return answer(request, {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
          error_uri: `${TROUBLESHOOTING}/#incorrect-client-credentials`,
        });
      }
      if (body.get('code') !== GITHUB.code) {
        return answer(request, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: `${TROUBLESHOOTING}/#bad-verification-code`,
        });
      }
      return answer(request, { access_token: GITHUB.token, scope: 'repo,gist', token_type: 'bearer' });
    },
  });
}
