import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAssertionHandlers } from '../../../../host/bridge/assertion-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { sendWithSavedToken } from '../../../../renderer/state/signer/bearer-send';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { C, getCode, Harness, json, REDIRECT, tokenRequest } from '../../mock-provider/helpers';
import { countedHost } from './counted-host';

/*
 * The Request signer's send with a saved token that has expired, for a client_secret_jwt client, against the real
 * mock over sockets: the refresh it makes first carries a client assertion signed by the flow driver's decorator in
 * the host (RFC 7523 §2.2), the mock accepts it, and the call goes with the new token.
 */
const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
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
  const claims = { iss: 'hs', sub: 'hs', aud: `${h.base}/oauth/v2/token`, jti: randomUUID(), iat: now, exp: now + 60 };
  const assertion = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
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

it('refreshes an expired saved token with a fresh client assertion, then calls with the new token', async () => {
  const { deps, writes } = countedHost({
    clientAssertion: createAssertionHandlers(nodeRandom, Date.now).clientAssertion,
  });
  const profile = profileSchema.parse({
    id: 'signer-hs',
    name: 'Signer JWT',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: 'hs', clientSecret: SECRET, clientAuthentication: 'client_secret_jwt', scope: 'read' },
  });
  const saved = savedTokenSchema.parse({
    id: 't1',
    profileId: profile.id,
    kind: 'oauth2',
    token: 'stale',
    refreshToken: await refreshToken(),
    obtainedAt: 0,
    expiresAt: 1,
  });
  const form = { method: 'GET', url: `${h.base}/api/v2/me`, body: '', contentType: '', placement: 'header' as const };
  const result = await sendWithSavedToken(deps, profile, h.base, saved, form, new Map());
  expect(result.refreshed).toBe(true);
  expect(result.steps.map((s) => s.kind)).toEqual(['refresh', 'call']);
  expect(result.steps.at(-1)!.exchange.response.status).toBe(200);
  const refresh = writes.find((w) => w.leg === 'refresh')!;
  const assertion = new URLSearchParams(refresh.exchange.request.body ?? '').get('client_assertion');
  expect(decodeJwt(assertion!)).toMatchObject({ iss: 'hs', sub: 'hs', aud: `${h.base}/oauth/v2/token` });
});
