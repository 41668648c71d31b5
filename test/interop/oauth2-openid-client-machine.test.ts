import * as client from 'openid-client';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnMock } from '../support/spawn-mock';

/**
 * Interop: openid-client (panva's certified relying party, written by nobody here) registers at `oauth-lab mock` by
 * Dynamic Client Registration (RFC 7591) and gets tokens with client credentials (RFC 6749 §4.4) by each of the
 * non-TLS client authentication methods, runs the device flow (RFC 8628) with the user approving on the
 * verification page over HTTP, and hears each deliberate mistake refused by name.
 */
let mock: Awaited<ReturnType<typeof spawnMock>>;
let keys: { privateKey: CryptoKey; jwk: client.JsonObject };
beforeAll(async () => {
  mock = await spawnMock([]);
  const pair = await generateKeyPair('ES256', { extractable: true });
  keys = {
    privateKey: pair.privateKey,
    jwk: { ...(await exportJWK(pair.publicKey)), kid: 'es-1' } as client.JsonObject,
  };
}, 20_000);
afterAll(() => mock.stop());

const insecure = { execute: [client.allowInsecureRequests] };
const CC = 'client_credentials';
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Registers a client by DCR and returns openid-client's configuration for it, authenticating with `auth`. */
async function registered(
  metadata: Partial<client.ClientMetadata>,
  auth?: (registered: client.ClientMetadata) => client.ClientAuth
): Promise<client.Configuration> {
  const config = await client.dynamicClientRegistration(new URL(mock.base), metadata, undefined, insecure);
  if (!auth) return config;
  const meta = config.clientMetadata();
  const withAuth = new client.Configuration(config.serverMetadata(), meta.client_id, meta, auth(meta));
  client.allowInsecureRequests(withAuth);
  return withAuth;
}

/** openid-client's error for a refused request: the OAuth error code and the mock's description. */
async function refusal(promise: Promise<unknown>): Promise<{ error: string; error_description: string }> {
  const e = (await promise.then(
    () => null,
    (error: unknown) => error
  )) as { error?: string; error_description?: string } | null;
  expect(e, 'the request was expected to be refused').not.toBeNull();
  return { error: String(e!.error), error_description: String(e!.error_description) };
}

describe('client credentials with every non-TLS method, each client registered by DCR', () => {
  it('client_secret_basic, client_secret_post, client_secret_jwt and private_key_jwt get a token and no refresh token', async () => {
    const configs = [
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_basic', scope: 'read' }, () =>
        client.ClientSecretBasic()
      ),
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_post', scope: 'read' }, () =>
        client.ClientSecretPost()
      ),
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_jwt', scope: 'read' }, () =>
        client.ClientSecretJwt()
      ),
      await registered(
        { grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', scope: 'read', jwks: { keys: [keys.jwk] } },
        () => client.PrivateKeyJwt({ key: keys.privateKey, kid: 'es-1' })
      ),
    ];
    for (const config of configs) {
      const tokens = await client.clientCredentialsGrant(config, { scope: 'read' });
      expect(tokens.access_token).toEqual(expect.any(String));
      expect(tokens.scope).toBe('read');
      expect(tokens.refresh_token).toBeUndefined();
      expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    }
  });

  it('none: a public client is refused the grant by name (RFC 6749 §4.4 is for confidential clients)', async () => {
    const config = await registered({ grant_types: [CC], token_endpoint_auth_method: 'none' }, () => client.None());
    const r = await refusal(client.clientCredentialsGrant(config));
    expect(r.error).toBe('unauthorized_client');
    expect(r.error_description).toContain('is a public client');
  });
});

describe('each assertion mistake refused as invalid_client by name', () => {
  const pkjwt = (modify?: client.ModifyAssertionFunction, key = keys.privateKey) =>
    registered({ grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [keys.jwk] } }, () =>
      client.PrivateKeyJwt({ key, kid: 'es-1' }, modify ? { [client.modifyAssertion]: modify } : {})
    );

  it('wrong audience, expired, unknown key, bad signature, replayed jti, method not the registered one', async () => {
    const cases: [Promise<client.Configuration>, string][] = [
      [pkjwt((_h, p) => void (p.aud = 'https://elsewhere.example/token')), 'wrong audience'],
      [pkjwt((_h, p) => void (p.exp = Math.floor(Date.now() / 1000) - 5)), 'expired at'],
      [pkjwt((h) => void (h.kid = 'nobody')), 'unknown key'],
      [pkjwt(undefined, (await generateKeyPair('ES256')).privateKey), 'bad signature'],
      [
        registered(
          { grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [keys.jwk] } },
          (meta) => client.ClientSecretPost(String(meta.client_secret ?? 'no-secret'))
        ),
        'authenticates with private_key_jwt',
      ],
    ];
    for (const [config, cause] of cases) {
      const r = await refusal(client.clientCredentialsGrant(await config));
      expect(r.error, cause).toBe('invalid_client');
      expect(r.error_description).toContain(cause);
    }
    const replaying = await pkjwt((_h, p) => void (p.jti = 'the-same-jti'));
    await client.clientCredentialsGrant(replaying);
    const r = await refusal(client.clientCredentialsGrant(replaying));
    expect(r).toMatchObject({ error: 'invalid_client' });
    expect(r.error_description).toContain('reuses jti');
  });
});

describe('device authorization (RFC 8628)', () => {
  /** The user on the verification page: the form, the code typed in, demo/demo, a decision. */
  async function userAnswers(verificationUri: string, userCode: string, decision: 'approve' | 'deny'): Promise<string> {
    const page = await fetch(verificationUri);
    const cookie = page.headers.get('set-cookie');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const r = await fetch(verificationUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ csrf, user_code: userCode, username: 'demo', password: 'demo', decision }),
    });
    expect(r.status).toBe(200);
    return r.text();
  }

  it('a public client (none) polls while the user approves on the verification page, and gets tokens', async () => {
    const config = await registered({ grant_types: [DEVICE], token_endpoint_auth_method: 'none' }, () => client.None());
    const started = await client.initiateDeviceAuthorization(config, { scope: 'read' });
    expect(started.verification_uri_complete).toContain(started.user_code);
    const polling = client.pollDeviceAuthorizationGrant(config, started);
    expect(await userAnswers(started.verification_uri, started.user_code, 'approve')).toContain('Device connected');
    const tokens = await polling;
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.scope).toBe('read');
  }, 20_000);

  it('a denial reaches the device as access_denied', async () => {
    const config = await registered({ grant_types: [DEVICE], token_endpoint_auth_method: 'client_secret_basic' }, () =>
      client.ClientSecretBasic()
    );
    const started = await client.initiateDeviceAuthorization(config, {});
    const polling = refusal(client.pollDeviceAuthorizationGrant(config, started));
    await userAnswers(started.verification_uri, started.user_code, 'deny');
    expect(await polling).toMatchObject({ error: 'access_denied' });
  }, 20_000);
});
