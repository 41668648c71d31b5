import { form, json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * GitHub OAuth apps (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps): the
 * token endpoint answers `access_token=...&scope=...&token_type=bearer` as a form unless the request says
 * `Accept: application/json`; the client secret goes in the body. The REST API (api.github.com, another host)
 * refuses a request without a User-Agent (https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent).
 */
export async function startGitHub(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/login/oauth/authorize',
    tokenPath: '/login/oauth/access_token',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenCheck: (r) =>
      r.headers['user-agent']
        ? null
        : json(
            {
              message:
                'Request forbidden by administrative rules. Please make sure your request has a User-Agent header',
            },
            403
          ),
    tokenResponse: (_q, r) => {
      const fields = { access_token: 'gho_emulated', token_type: 'bearer', scope: 'read:user' };
      return String(r.headers.accept ?? '').includes('application/json') ? json(fields) : form(fields);
    },
  });
  return {
    hosts: { 'https://github.com': e.main.base, 'https://api.github.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { access_token: 'gho_emulated' },
  };
}
