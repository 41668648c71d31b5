import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { getCode, Harness, json, REDIRECT, tokenRequest } from './helpers';
import { mockWithClients } from './mock-with-clients';

/** The shared secret of the client `hs`, which authenticates with client_secret_jwt (RFC 7523 §2.2). */
export const HS_SECRET = 'a-shared-secret-of-at-least-32-bytes!';

/** A mock with the default client and `hs`, started before the file's tests and stopped after them. */
export function hsClientMock({ autoLoginUser }: { readonly autoLoginUser?: string } = {}): Harness {
  const hs = { id: 'hs', secret: HS_SECRET, redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'client_secret_jwt' };
  return mockWithClients([hs], { autoLoginUser });
}

/** A refresh token of the client `hs`, obtained with an assertion made by jose (not the code under test). */
export async function hsRefreshToken(h: Harness): Promise<string> {
  const code = await getCode(h, { client_id: 'hs', scope: 'read' });
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: 'hs', sub: 'hs', aud: `${h.base}/oauth/v2/token`, jti: randomUUID(), iat: now, exp: now + 60 };
  const assertion = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(HS_SECRET));
  const r = await tokenRequest(h, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: 'hs',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
  expect(r.status, r.body).toBe(200);
  return String(json(r.body).refresh_token);
}
