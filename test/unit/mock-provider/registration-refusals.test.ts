import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeQuery, goodAuthorize, Harness, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * What open registration (RFC 7591) refuses, over real sockets: a key with any private member
 * (not only `d`), without echoing it, and a redirect URI whose port cannot exist.
 */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const register = (metadata: unknown): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/oidc/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });

describe('open registration refuses', () => {
  it('an RSA key carrying private members without d, naming them and echoing none of their values', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const { d: _d, ...withoutD } = await exportJWK(privateKey);
    const r = await register({
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [withoutD] },
    });
    const body = expectOAuth2Error(
      r,
      400,
      'invalid_client_metadata',
      'jwks.keys[0] has the private or secret members p, q, dp, dq, qi'
    );
    for (const member of ['p', 'q', 'dp', 'dq', 'qi'] as const)
      expect(r.body).not.toContain(String(withoutD[member]).slice(0, 20));
    expect(body.error_description).toContain('public keys only');
  });

  it('a redirect URI with a port that cannot exist (99999, 0), and the authorization request naming one', async () => {
    for (const port of ['99999', '0'])
      expectOAuth2Error(
        await register({ redirect_uris: [`http://127.0.0.1:${port}/cb`] }),
        400,
        'invalid_redirect_uri',
        `port ${port}; a port is a number from 1 to 65535`
      );
    expect((await register({ redirect_uris: ['http://127.0.0.1:65535/cb'] })).status).toBe(201);
    const page = await h.send({
      path: authorizeQuery(goodAuthorize({ redirect_uri: 'http://127.0.0.1:99999/callback' })),
    });
    expect(page.status).toBe(400);
    expect(page.body).toContain('a port is a number from 1 to 65535');
  });
});
