import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../support/emulations/provider-emulation';
import { startOAuth2Emulation, type OAuth2Emulation } from '../../../support/emulations/presets/oauth2-emulation';
import { runFlowCli } from './run-flow-cli';

/**
 * A provider that keeps its access token under another name (`AccessToken` at the top, or nested in `data`), over
 * real sockets through `oauth-lab flow oauth2`: without --access-token-field the 2xx says which fields arrived and
 * where to name the token; with it the flow obtains the token and reads its lifetime beside it.
 */
const CLIENT = { id: 'field-client', secret: 'field-secret' };
let nested: OAuth2Emulation;
let pascal: OAuth2Emulation;
const start = (body: Record<string, unknown>) =>
  startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/token',
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: () => json(body),
  });
beforeAll(async () => {
  nested = await start({ status: 'ok', data: { access_token: 'nested-token', token_type: 'bearer', expires_in: 600 } });
  pascal = await start({ AccessToken: 'pascal-token', ExpiresIn: 600 });
});
afterAll(async () => {
  await nested.close();
  await pascal.close();
});

const flow = (e: OAuth2Emulation, extra: string[] = []) =>
  runFlowCli(
    [
      'oauth2',
      '--base-url',
      e.main.base,
      '--authorize-path',
      '/authorize',
      '--token-path',
      '/token',
      '--client-id',
      CLIENT.id,
      '--client-secret',
      CLIENT.secret,
      '--no-open',
      '--json',
      ...extra,
    ],
    (url) => fetch(url, { redirect: 'follow' })
  );

describe('an access token under another field name', () => {
  it('without the setting, a 2xx without access_token names the fields that arrived and the setting', async () => {
    const r = await flow(pascal);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'HTTP 200 without an access_token; the json body has the fields AccessToken, ExpiresIn (RFC 6749 §5.1). If one of them is the access token, name it as the access token field (profile setting, --access-token-field PATH).'
    );
  });

  it('--access-token-field AccessToken and data.access_token obtain the token', async () => {
    const top = await flow(pascal, ['--access-token-field', 'AccessToken']);
    expect(top.code).toBe(0);
    expect(top.stderr).toContain("The access token found at AccessToken, the profile's access token field");
    const inData = await flow(nested, ['--access-token-field', 'data.access_token']);
    expect(inData.code).toBe(0);
    expect(inData.stderr).toContain('ok   access_token: access_token found at data.access_token.');
    expect(inData.stderr).toContain('ok   expires_in: expires_in is 600 seconds.');
    expect(JSON.parse(inData.stdout).data.access_token).toBe('nested-token');
  });

  it('a path that names no field there says so with the fields; a malformed path exits 2', async () => {
    const wrong = await flow(nested, ['--access-token-field', 'result.token']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'HTTP 200 without an access token at "result.token" (the profile\'s access token field); the json body has the fields status, data.access_token, data.token_type, data.expires_in'
    );
    const bad = await flow(nested, ['--access-token-field', 'data..token']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--access-token-field: "data..token" is not a field name');
  });
});
