import { approvingAuthorize, form, json, startEmulation, type Emulation } from './provider-emulation';

/**
 * Stack Exchange's explicit OAuth 2 flow, as documented at https://api.stackexchange.com/docs/authentication:
 * POST https://stackoverflow.com/oauth/access_token answers `access_token=…&expires=1234` (a form body, labelled
 * text/plain), and /oauth/access_token/json answers `{"access_token": …, "expires": 1234}`; with the no_expiry
 * scope there is no `expires`. Neither has token_type.
 */
export const STACK_EXCHANGE = {
  clientId: '1234',
  clientSecret: 'se-secret',
  code: 'se-code-1',
  token: 'RyGYvJNOrzPKY2qOb)kC6Q))',
};

export function startStackExchange(): Promise<Emulation> {
  const valid = (body: string) => new URLSearchParams(body).get('code') === STACK_EXCHANGE.code;
  return startEmulation({
    'GET /oauth': approvingAuthorize(STACK_EXCHANGE.code),
    'POST /oauth/access_token': (r) =>
      valid(r.body)
        ? form({ access_token: STACK_EXCHANGE.token, expires: '86399' }, 200, 'text/plain; charset=utf-8')
        : json({ error: { type: 'invalid_request', message: 'code invalid' } }, 400),
    'POST /oauth/access_token/json': (r) =>
      valid(r.body)
        ? json({ access_token: STACK_EXCHANGE.token, expires: 86399 })
        : json({ error: { type: 'invalid_request', message: 'code invalid' } }, 400),
  });
}
