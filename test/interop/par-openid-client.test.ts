import { exportJWK, generateKeyPair } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../mock-provider';

/**
 * Interop: openid-client (panva), a library nobody here wrote, against the mock's pushed authorization requests
 * (RFC 9126, buildAuthorizationUrlWithPAR) and request objects (RFC 9101, buildAuthorizationUrlWithJAR, signed
 * with a key the client registered by DCR): the code flow completes, and the mock's refusals reach it by name.
 */
const { client: C } = DEFAULT_CREDENTIALS;
const REDIRECT = C.redirectUris[0];
let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

const discover = (clientId: string, auth: client.ClientAuth, metadata: Partial<client.ClientMetadata> = {}) =>
  client.discovery(new URL(mock.baseUrl), clientId, metadata, auth, { execute: [client.allowInsecureRequests] });

/** The browser with auto-login: the authorize URL redirects straight to the callback. */
async function land(url: URL): Promise<URL> {
  const r = await fetch(url, { redirect: 'manual' });
  expect(r.status, await r.clone().text()).toBe(302);
  return new URL(r.headers.get('location')!);
}

describe('openid-client against the mock', () => {
  it('buildAuthorizationUrlWithPAR: pushed, the URL carries client_id and request_uri, the code is exchanged', async () => {
    const config = await discover(C.id, client.ClientSecretBasic(C.secret));
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = await client.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: REDIRECT,
      scope: 'read',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    const tokens = await client.authorizationCodeGrant(config, await land(url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.scope).toBe('read');
  });

  it('a refused push reaches it as the mock named it', async () => {
    const config = await discover(C.id, client.ClientSecretBasic('wrong'));
    // A 401 with a Basic challenge (RFC 6749 §5.2): openid-client reports the challenge; the body names the cause.
    const refused = await client.buildAuthorizationUrlWithPAR(config, { redirect_uri: REDIRECT, state: 's' }).then(
      () => null,
      (e: unknown) => e as { response?: Response }
    );
    expect(refused?.response?.status).toBe(401);
    expect(await refused?.response?.text()).toContain('wrong client_secret');
    const good = await discover(C.id, client.ClientSecretBasic(C.secret));
    await expect(
      client.buildAuthorizationUrlWithPAR(good, { redirect_uri: 'http://127.0.0.1:1/x', state: 's' })
    ).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('redirect_uri'),
    });
  });

  it('buildAuthorizationUrlWithJAR (ES256, the key registered by DCR), by value and pushed', async () => {
    const keys = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'jar-1', alg: 'ES256' };
    const registered = await fetch(`${mock.baseUrl}/oidc/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'client_secret_basic',
        jwks: { keys: [jwk] },
        require_signed_request_object: true,
      }),
    });
    const meta = (await registered.json()) as { client_id: string; client_secret: string };
    const config = await discover(meta.client_id, client.ClientSecretBasic(meta.client_secret));
    const signing = { key: keys.privateKey, kid: 'jar-1' };
    for (const pushed of [false, true]) {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const params = {
        redirect_uri: REDIRECT,
        scope: 'read',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      };
      const jar = await client.buildAuthorizationUrlWithJAR(config, params, signing);
      const url = pushed ? await client.buildAuthorizationUrlWithPAR(config, jar.searchParams) : jar;
      const tokens = await client.authorizationCodeGrant(config, await land(url), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.access_token, `pushed ${pushed}`).toEqual(expect.any(String));
    }
  });
});
