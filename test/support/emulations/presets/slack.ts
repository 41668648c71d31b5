import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * Slack (https://api.slack.com/authentication/oauth-v2, https://api.slack.com/methods/oauth.v2.access): user scopes
 * go in `user_scope`; oauth.v2.access takes the client secret in the body (or Basic) and answers `ok: true` with the
 * user token under `authed_user`, and a top-level access_token only for a bot scope.
 */
export async function startSlack(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/oauth/v2/authorize',
    tokenPath: '/api/oauth.v2.access',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenCheck: (_r, q) => (q.get('user_scope') ? null : json({ ok: false, error: 'invalid_scope' })),
    tokenResponse: () =>
      json({
        ok: true,
        app_id: 'A0EMU',
        access_token: 'xoxb-emulated',
        token_type: 'bot',
        scope: '',
        authed_user: { id: 'U0EMU', scope: 'identity.basic', access_token: 'xoxp-emulated', token_type: 'user' },
        team: { id: 'T0EMU' },
      }),
  });
  return {
    hosts: { 'https://slack.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: {
      authed_user: { id: 'U0EMU', scope: 'identity.basic', access_token: 'xoxp-emulated', token_type: 'user' },
    },
  };
}
