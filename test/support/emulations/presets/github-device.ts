import { form, json, queryOf, startEmulation, type EmulatedResponse, type SeenRequest } from '../provider-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const DEVICE_CODE = '3584d83530557fdd1f46af8289938c8ef79f9dc5';
const USER_CODE = 'WDJB-MJHT';

/**
 * GitHub's device flow (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#device-flow):
 * POST /login/device/code with client_id and scope answers device_code, user_code, verification_uri
 * https://github.com/login/device, expires_in 900 and interval 5; POST /login/oauth/access_token with client_id,
 * device_code and the device grant type answers authorization_pending until the user enters the code, then the
 * token. No client secret. Both answer a form unless asked for JSON, and the errors come with status 200.
 * `GET /login/device?user_code=…` stands for the user entering the code and approving.
 */
export async function startGitHubDevice(): Promise<PresetEmulation> {
  let approved = false;
  let granted = false;
  const answer = (r: SeenRequest, fields: Record<string, string | number>): EmulatedResponse =>
    String(r.headers.accept ?? '').includes('application/json')
      ? json(fields)
      : form(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
  const main = await startEmulation({
    'POST /login/device/code': (r) => {
      const f = new URLSearchParams(r.body);
      if (f.get('client_id') !== EMULATED_CLIENT.id) return answer(r, { error: 'incorrect_client_credentials' });
      return answer(r, {
        device_code: DEVICE_CODE,
        user_code: USER_CODE,
        verification_uri: 'https://github.com/login/device',
        expires_in: 900,
        interval: 5,
      });
    },
    'GET /login/device': (r) => {
      approved = queryOf(r).get('user_code') === USER_CODE;
      return { status: approved ? 200 : 404, body: approved ? 'Congratulations, you are all set!' : 'unknown code' };
    },
    'POST /login/oauth/access_token': (r) => {
      const f = new URLSearchParams(r.body);
      if (f.get('grant_type') !== DEVICE_GRANT) return answer(r, { error: 'unsupported_grant_type' });
      if (f.get('client_id') !== EMULATED_CLIENT.id) return answer(r, { error: 'incorrect_client_credentials' });
      if (f.has('client_secret')) return answer(r, { error: 'incorrect_client_credentials' });
      if (f.get('device_code') !== DEVICE_CODE) return answer(r, { error: 'incorrect_device_code' });
      if (!approved)
        return answer(r, {
          error: 'authorization_pending',
          error_description: 'The authorization request is still pending.',
          error_uri: 'https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow',
        });
      granted = true;
      return answer(r, { access_token: 'gho_device_emulated', token_type: 'bearer', scope: 'read:user' });
    },
  });
  return {
    hosts: { 'https://github.com': main.base, 'https://api.github.com': main.base },
    granted: () => granted,
    servers: [main],
    expected: { access_token: 'gho_device_emulated', token_type: 'bearer' },
  };
}
