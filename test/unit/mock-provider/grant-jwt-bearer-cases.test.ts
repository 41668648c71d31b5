import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness, json, REDIRECT, tokenRequest, type Res } from './helpers';
import { bearer, expectOAuth2Error } from './oauth2-assertions';

/**
 * The JWT bearer authorization grant at the mock (RFC 7523 §2.1, §3 (https://www.rfc-editor.org/rfc/rfc7523#section-3)),
 * over real sockets: an assertion signed by a client's key (its JWK Set, or its secret for HS256) gets a token for
 * its sub; each broken claim is invalid_grant naming it (§3.1). Assertions are made with `jose`, not the mock's code.
 */
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
type Key = { privateKey: CryptoKey; jwk: JWK };

async function keyPair(kid: string): Promise<Key> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid } };
}

let workload: Key, stranger: Key;
let h: Harness;
beforeAll(async () => {
  [workload, stranger] = await Promise.all([keyPair('w-1'), keyPair('w-1')]);
  h = await new Harness({
    configValue: {
      oauth2: {
        clients: [
          { ...C.client, redirectUris: [REDIRECT] },
          { id: 'agent', redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'none' },
          { id: 'workload-issuer', redirectUris: [REDIRECT], jwks: { keys: [workload.jwk] } },
          { id: 'code-only', redirectUris: [REDIRECT], grantTypes: ['authorization_code'] },
        ],
      },
    },
  }).start();
});
afterAll(() => h.stop());

async function assertion(claims: JWTPayload = {}, key: Key = workload): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: 'workload-issuer',
    sub: 'build-robot',
    aud: `${h.base}/oauth/v2/token`,
    jti: randomUUID(),
    iat: now,
    exp: now + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'w-1' })
    .sign(key.privateKey);
}

const present = (jwt: string | null, extra: Record<string, string> = {}): Promise<Res> =>
  tokenRequest(h, { grant_type: GRANT, client_id: 'agent', ...(jwt === null ? {} : { assertion: jwt }), ...extra });

/** The reply is invalid_grant naming the cause (RFC 7523 §3.1), and the mock's event says the same. */
function refusedFor(r: Res, cause: string): void {
  expectOAuth2Error(r, 400, 'invalid_grant', cause);
  const last = h.provider.events.recent(0).at(-1)!;
  expect(last.verdict.reason).toBe('invalid_grant');
  expect(last.verdict.message).toContain(cause);
}

describe('the JWT bearer grant (RFC 7523 §2.1)', () => {
  it('a valid assertion gets a token for its sub, no refresh token, and the token works at the resource', async () => {
    const r = await present(await assertion(), { scope: 'read' });
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(body.refresh_token).toBeUndefined();
    const me = await h.send({ path: '/api/v2/me', headers: bearer(String(body.access_token)) });
    expect(me.status, me.body).toBe(200);
    expect(me.body).toContain('build-robot');
  });

  it('the issuer is an accepted audience too (§3 item 3)', async () => {
    expect((await present(await assertion({ aud: h.base }))).status).toBe(200);
  });

  it('a missing assertion is invalid_request naming the parameter', async () => {
    expectOAuth2Error(await present(null), 400, 'invalid_request', 'assertion is missing');
  });

  it('each broken claim is refused by name', async () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    refusedFor(await present(await assertion({ iss: 'nobody' })), 'does not trust');
    refusedFor(await present(await assertion({ iss: undefined })), 'has no iss');
    refusedFor(await present(await assertion({ sub: undefined })), 'has no sub');
    refusedFor(await present(await assertion({ aud: 'https://elsewhere.example/token' })), 'wrong audience');
    refusedFor(await present(await assertion({ exp: past, iat: past - 60 })), 'expired at');
    refusedFor(await present(await assertion({ exp: undefined })), 'no numeric exp');
    refusedFor(await present(await assertion({ nbf: past + 3600 })), 'not valid before');
    refusedFor(await present(await assertion({}, stranger)), 'bad signature');
    refusedFor(await present('not-a-jwt'), 'is not a signed JWT');
  });

  it('a jti is accepted once (§3 item 7)', async () => {
    const jwt = await assertion();
    expect((await present(jwt)).status).toBe(200);
    refusedFor(await present(jwt), 'replay');
  });

  it('a client not allowed the grant is unauthorized_client', async () => {
    expectOAuth2Error(
      await present(await assertion(), { client_id: 'code-only' }),
      400,
      'unauthorized_client',
      'may not use the urn:ietf:params:oauth:grant-type:jwt-bearer grant'
    );
  });

  it('the discovery document offers the grant (RFC 8414 §2)', async () => {
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(doc.grant_types_supported).toContain(GRANT);
  });
});
