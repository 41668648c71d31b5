import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { C, getCode, Harness, json, REDIRECT, tokenRequest } from '../../mock-provider/helpers';
import { runCli } from './run-cli';

/*
 * `oauth-lab call`'s refresh with client_secret_jwt against the real mock over sockets, the mock asking for a DPoP
 * nonce (RFC 9449 §8): the refresh and its retry with the nonce each carry an assertion of their own, signed by the
 * flow driver's decorator (the mock refuses a jti it has seen, RFC 7523 §3 item 7), each said on stderr.
 */
const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const h = new Harness({
  configValue: {
    oauth2: {
      clients: [
        { ...C.client, redirectUris: [REDIRECT] },
        { id: 'hs', secret: SECRET, redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'client_secret_jwt' },
      ],
    },
  },
});
beforeAll(() => h.start());
afterAll(() => h.stop());

/** A refresh token of the client `hs`, obtained with an assertion made by jose (not the code under test). */
async function refreshToken(): Promise<string> {
  const code = await getCode(h, { client_id: 'hs', scope: 'read' });
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({
    iss: 'hs',
    sub: 'hs',
    aud: `${h.base}/oauth/v2/token`,
    jti: randomUUID(),
    iat: now,
    exp: now + 60,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
  const r = await tokenRequest(h, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: 'hs',
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: assertion,
  });
  expect(r.status, r.body).toBe(200);
  return String(json(r.body).refresh_token);
}

it('a refresh and its DPoP nonce retry each sign a fresh assertion, and the call goes through', async () => {
  const rt = await refreshToken();
  h.provider.context.settings.switches.dpopNonce = true;
  try {
    const r = await runCli([
      'call',
      '--url',
      `${h.base}/api/v2/me`,
      '--no-history',
      '--bearer',
      'stale',
      '--refresh-token',
      rt,
      '--token-url',
      `${h.base}/oauth/v2/token`,
      '--client-id',
      'hs',
      '--client-secret',
      SECRET,
      '--client-auth',
      'client_secret_jwt',
      '--dpop',
    ]);
    expect(r.code, r.err).toBe(0);
    const jtis = [...r.err.matchAll(/claims +\{.*"jti":"([^"]+)"/g)].map((m) => m[1]);
    expect(jtis).toHaveLength(2);
    expect(new Set(jtis).size).toBe(2);
    expect(r.err).toContain('client assertion (client_secret_jwt, RFC 7523 §2.2)');
  } finally {
    h.provider.context.settings.switches.dpopNonce = false;
  }
});
