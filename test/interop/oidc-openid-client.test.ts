import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnMock } from '../support/spawn-mock';

/**
 * Interop: openid-client (panva, certified OpenID Connect relying party), a library nobody here wrote, completes
 * the code flow with PKCE against `oauth-lab mock`: discovery, the id_token validated its own way (signature via
 * the JWKS, iss, aud, exp, iat, nonce), UserInfo with the sub check, a refresh, introspection and revocation.
 */
const CLIENT_ID = 'oauth-lab-client';
const SECRET = 'oauth-lab-client-secret';
const REDIRECT = 'http://127.0.0.1:8765/callback';

let mock: Awaited<ReturnType<typeof spawnMock>>;
beforeAll(async () => {
  mock = await spawnMock();
}, 20_000);
afterAll(() => mock.stop());

/** The user's browser with auto-login: the authorization URL redirects straight to the callback with the code. */
async function approve(url: URL): Promise<URL> {
  const r = await fetch(url, { redirect: 'manual' });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!);
}

it('code flow with PKCE, id_token validation, UserInfo, refresh, introspection and revocation', async () => {
  const config = await client.discovery(
    new URL(mock.base),
    CLIENT_ID,
    { client_secret: SECRET, id_token_signed_response_alg: 'RS256' },
    client.ClientSecretPost(SECRET),
    { execute: [client.allowInsecureRequests] }
  );
  expect(config.serverMetadata().issuer).toBe(mock.base);
  // openid-client trusts TLS for an id_token from the token endpoint (OIDC Core §3.1.3.7 (6) allows it); this asks
  // it to verify the signature against the JWKS as well.
  client.enableNonRepudiationChecks(config);

  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  const callback = await approve(url);

  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  expect(claims.sub).toBe('demo');
  expect(claims.aud).toBe(CLIENT_ID);
  expect(claims.nonce).toBe(nonce);

  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  expect(info.sub).toBe('demo');
  expect(info.preferred_username).toBe('demo');

  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  expect((await client.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);
  await client.tokenRevocation(config, refreshed.refresh_token!);
  expect((await client.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
  await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});

it("openid-client itself refuses the mock's faulty id_tokens: a wrong nonce and a bad signature", async () => {
  const config = await client.discovery(
    new URL(mock.base),
    CLIENT_ID,
    { client_secret: SECRET },
    client.ClientSecretPost(SECRET),
    { execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks] }
  );
  for (const fault of ['wrong-nonce', 'bad-signature'] as const) {
    const set = await fetch(`${mock.base}/_mock/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ switches: { idTokenFault: fault } }),
    });
    expect(set.status).toBe(200);
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const callback = await approve(
      client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        nonce,
        state: 'st',
      })
    );
    const refusal = await client
      .authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedNonce: nonce,
        expectedState: 'st',
      })
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error }
      );
    expect(refusal).not.toBeNull();
    expect(`${refusal!.message} ${refusal!.cause?.message ?? ''}`).toMatch(
      fault === 'wrong-nonce' ? /"nonce" claim/ : /signature/i
    );
  }
  await fetch(`${mock.base}/_mock/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ switches: { idTokenFault: 'off' } }),
  });
});
