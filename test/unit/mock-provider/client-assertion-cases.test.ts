import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, REDIRECT, tokenRequest, type Res } from './helpers';
import { basic, expectOAuth2Error } from './oauth2-assertions';

/**
 * Client authentication by JWT assertion at the mock (RFC 7523 §2.2/§3 (https://www.rfc-editor.org/rfc/rfc7523#section-3), OIDC Core §9): client_secret_jwt and
 * private_key_jwt accepted, and each mistake refused as invalid_client naming its cause, in the reply and in the
 * mock's own event. Assertions are made with `jose`, not with the mock's code.
 */
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
type Key = { privateKey: CryptoKey; jwk: JWK; alg: string };

async function keyPair(alg: string, kid: string): Promise<Key> {
  const pair = await generateKeyPair(alg, { extractable: true });
  return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid }, alg };
}

let rsa: Key, ec: Key, ed: Key, stranger: Key;
let h: Harness;
beforeAll(async () => {
  [rsa, ec, ed, stranger] = await Promise.all([
    keyPair('RS256', 'rsa-1'),
    keyPair('ES256', 'ec-1'),
    keyPair('EdDSA', 'ed-1'),
    keyPair('RS256', 'rsa-1'),
  ]);
  h = await new Harness({
    configValue: {
      oauth2: {
        clients: [
          { ...C.client, redirectUris: [REDIRECT] },
          {
            id: 'hs',
            secret: 'a-shared-secret-of-at-least-32-bytes!',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'client_secret_jwt',
          },
          {
            id: 'pk',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'private_key_jwt',
            jwks: { keys: [rsa.jwk, ec.jwk, ed.jwk] },
          },
          {
            id: 'post-only',
            secret: 'post-secret',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'client_secret_post',
          },
        ],
      },
    },
  }).start();
});
afterAll(() => h.stop());

interface AssertionOptions {
  readonly clientId?: string;
  readonly claims?: JWTPayload;
  readonly key?: Key | 'secret';
  readonly secret?: string;
}

async function assertion(o: AssertionOptions = {}): Promise<string> {
  const clientId = o.clientId ?? 'pk';
  const claims: JWTPayload = {
    iss: clientId,
    sub: clientId,
    aud: `${h.base}/oauth/v2/token`,
    jti: randomUUID(),
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 60,
    ...o.claims,
  };
  const key = o.key ?? rsa;
  if (key === 'secret')
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(o.secret ?? 'a-shared-secret-of-at-least-32-bytes!'));
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.jwk.kid! }).sign(key.privateKey);
}

const withAssertion = (jwt: string, extra: Record<string, string> = {}): Promise<Res> =>
  tokenRequest(h, {
    grant_type: 'client_credentials',
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: jwt,
    ...extra,
  });

/** The reply is invalid_client naming the cause, and the mock's event for it says the same. */
function refusedFor(r: Res, cause: string): void {
  expectOAuth2Error(r, 401, 'invalid_client', cause);
  const last = h.provider.events.recent(0).at(-1)!;
  expect(last.verdict.ok).toBe(false);
  expect(last.verdict.reason).toBe('invalid_client');
  expect(last.verdict.message).toContain(cause);
}

describe('client assertions (RFC 7523)', () => {
  it('private_key_jwt with RS256, ES256 and EdDSA keys, and client_secret_jwt with HS256, get tokens', async () => {
    for (const key of [rsa, ec, ed]) {
      const r = await withAssertion(await assertion({ key }));
      expect(r.status, `${key.alg}: ${r.body}`).toBe(200);
    }
    const r = await withAssertion(await assertion({ clientId: 'hs', key: 'secret' }));
    expect(r.status, r.body).toBe(200);
  });

  it('the issuer is an accepted audience too (RFC 7523 §3 item 3)', async () => {
    const r = await withAssertion(await assertion({ claims: { aud: h.base } }));
    expect(r.status, r.body).toBe(200);
  });

  it('a wrong audience is refused by name', async () => {
    refusedFor(
      await withAssertion(await assertion({ claims: { aud: 'https://elsewhere.example/token' } })),
      'wrong audience'
    );
  });

  it('an expired assertion is refused by name', async () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    refusedFor(await withAssertion(await assertion({ claims: { exp: past, iat: past - 60 } })), 'expired at');
  });

  it('a reused jti is refused as a replay', async () => {
    const jwt = await assertion();
    expect((await withAssertion(jwt)).status).toBe(200);
    refusedFor(await withAssertion(jwt), 'reuses jti');
  });

  it('a key the client did not register is an unknown key', async () => {
    const other = await keyPair('RS256', 'rsa-2');
    refusedFor(await withAssertion(await assertion({ key: other })), 'unknown key');
  });

  it('a signature by another key under a registered kid is a bad signature; so is a wrong HMAC secret', async () => {
    refusedFor(await withAssertion(await assertion({ key: stranger })), 'bad signature');
    refusedFor(
      await withAssertion(
        await assertion({ clientId: 'hs', key: 'secret', secret: 'another-secret-of-at-least-32-bytes!!' })
      ),
      'bad signature'
    );
  });

  it('a method other than the registered one is refused by name', async () => {
    refusedFor(
      await withAssertion(await assertion({ clientId: 'hs', key: rsa })),
      'authenticates with client_secret_jwt'
    );
    refusedFor(
      await tokenRequest(h, { grant_type: 'client_credentials' }, { authorization: basic('post-only', 'post-secret') }),
      'authenticates with client_secret_post'
    );
    expect(
      (
        await tokenRequest(h, {
          grant_type: 'client_credentials',
          client_id: 'post-only',
          client_secret: 'post-secret',
        })
      ).status
    ).toBe(200);
  });

  it('iss and sub must both be the client_id; a jti is required', async () => {
    refusedFor(await withAssertion(await assertion({ claims: { iss: 'someone-else' } })), 'iss and sub both equal');
    refusedFor(await withAssertion(await assertion({ claims: { jti: undefined } })), 'has no jti');
  });

  it('a wrong client_assertion_type is invalid_request naming the expected one', async () => {
    expectOAuth2Error(
      await withAssertion(await assertion(), { client_assertion_type: 'jwt' }),
      400,
      'invalid_request',
      ASSERTION_TYPE
    );
  });

  it('revocation and introspection accept the same assertion methods', async () => {
    const t = json((await withAssertion(await assertion())).body);
    const post = async (path: string) =>
      h.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: String(t.access_token),
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: await assertion({ claims: { aud: h.base + path } }),
        }).toString(),
      });
    expect(json((await post('/oidc/introspect')).body)).toMatchObject({ active: true, client_id: 'pk' });
    expect((await post('/oidc/revoke')).status).toBe(200);
    expect(json((await post('/oidc/introspect')).body)).toMatchObject({ active: false });
  });

  it('discovery lists the methods and the signing algorithms', async () => {
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(doc.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining([
        'client_secret_basic',
        'client_secret_post',
        'none',
        'client_secret_jwt',
        'private_key_jwt',
      ])
    );
    expect(doc.token_endpoint_auth_signing_alg_values_supported).toEqual(
      expect.arrayContaining(['HS256', 'RS256', 'ES256', 'EdDSA'])
    );
  });
});
