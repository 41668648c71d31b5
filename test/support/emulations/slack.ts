import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Slack's OAuth v2, as documented:
 * - https://api.slack.com/authentication/oauth-v2 and https://api.slack.com/methods/oauth.v2.access — the answer is
 *   JSON with `ok`; a bot token is the top-level access_token with token_type "bot", and a user token (asked for
 *   with user_scope) is nested: `authed_user.access_token` with token_type "user". With only user scopes there is
 *   no top-level access_token.
 * - https://api.slack.com/web#evaluating_responses — errors are HTTP 200 with `{"ok": false, "error": "…"}`
 *   (oauth.v2.access lists invalid_code, bad_client_secret, invalid_client_id, …).
 * - https://api.slack.com/methods/auth.test — the token's identity; a bad token is also HTTP 200,
 *   `{"ok": false, "error": "invalid_auth"}`.
 */
export const SLACK = {
  clientId: '2141029472.691202649728',
  clientSecret: 'slack-secret',
  code: 'slack-code-1',
  userToken: 'xoxp-1234-5678-90123',
  botToken: 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
};

export function startSlack(options: { bot: boolean }): Promise<Emulation> {
  return startEmulation({
    'GET /oauth/v2/authorize': approvingAuthorize(SLACK.code),
    '/api/auth.test': (request) =>
      [`Bearer ${SLACK.userToken}`, `Bearer ${SLACK.botToken}`].includes(String(request.headers.authorization))
        ? json({
            ok: true,
            url: 'https://subarachnoid.slack.com/',
            team: 'Subarachnoid Workspace',
            user: 'grace',
            team_id: 'T12345678',
            user_id: 'W12345678',
          })
        : json({ ok: false, error: 'invalid_auth' }),
    'POST /api/oauth.v2.access': (request) => {
      const body = new URLSearchParams(request.body);
      if (body.get('client_secret') !== SLACK.clientSecret) return json({ ok: false, error: 'bad_client_secret' });
      if (body.get('code') !== SLACK.code) return json({ ok: false, error: 'invalid_code' });
      const user = { id: 'U1234', scope: 'chat:write', access_token: SLACK.userToken, token_type: 'user' };
      const team = { id: 'T9TK3CUKW', name: 'Slack Softball Team' };
      return json(
        options.bot
          ? {
              ok: true,
              access_token: SLACK.botToken,
              token_type: 'bot',
              scope: 'commands,incoming-webhook',
              bot_user_id: 'U0KRQLJ9H',
              app_id: 'A0KRD7HC3',
              team,
              enterprise: null,
              authed_user: user,
            }
          : { ok: true, app_id: 'A0KRD7HC3', authed_user: user, team, enterprise: null, is_enterprise_install: false }
      );
    },
  });
}
