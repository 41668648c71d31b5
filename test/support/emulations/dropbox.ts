import { approvingAuthorize, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Dropbox's OAuth 2, as documented at https://www.dropbox.com/developers/documentation/http/documentation
 * (/oauth2/token, and "Errors"): the token response has access_token, token_type "bearer", expires_in, scope,
 * uid and account_id; API errors are `{"error_summary": "invalid_access_token/…", "error": {".tag": …}}` with 401.
 */
export const DROPBOX = {
  clientId: 'dbx-app-key',
  clientSecret: 'dbx-secret',
  code: 'dbx-code-1',
  token: 'sl.u.AbCdEf',
};

export function startDropbox(): Promise<Emulation> {
  return startEmulation({
    'GET /oauth2/authorize': approvingAuthorize(DROPBOX.code),
    'POST /oauth2/token': (request) =>
      new URLSearchParams(request.body).get('code') === DROPBOX.code
        ? json({
            access_token: DROPBOX.token,
            token_type: 'bearer',
            expires_in: 14400,
            scope: 'account_info.read',
            uid: '12345',
            account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
          })
        : json({ error: 'invalid_grant', error_description: "code doesn't exist or has expired" }, 400),
    'POST /2/users/get_current_account': () =>
      json({ error_summary: 'expired_access_token/...', error: { '.tag': 'expired_access_token' } }, 401),
  });
}
