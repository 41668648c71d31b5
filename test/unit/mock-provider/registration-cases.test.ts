import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json as jsonAnswer, startEmulation, type Emulation } from '../../support/emulations/provider-emulation';
import { readMockState } from '../../../mock-provider';
import { Harness, json, tokenRequest, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/** Dynamic Client Registration at the mock (RFC 7591 (https://www.rfc-editor.org/rfc/rfc7591)) over real sockets: what is answered, what is refused and why. */
const h = new Harness();
let keys: Emulation;
let keyPair: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  await h.start();
  keyPair = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keyPair.publicKey)), kid: 'k1' };
  keys = await startEmulation({
    'GET /jwks': () => jsonAnswer({ keys: [jwk] }),
    'GET /huge': () => jsonAnswer({ keys: [jwk], padding: 'x'.repeat(100_000) }),
  });
});
afterAll(async () => {
  await h.stop();
  await keys.close();
});

const register = (metadata: unknown, contentType = 'application/json'): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/oidc/register',
    headers: { 'content-type': contentType },
    body: JSON.stringify(metadata),
  });

describe('Dynamic Client Registration (RFC 7591)', () => {
  it('is in discovery as registration_endpoint', async () => {
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(doc.registration_endpoint).toBe(`${h.base}/oidc/register`);
  });

  it('answers 201 with client_id, a secret for a secret method, client_id_issued_at and the metadata (§3.2.1)', async () => {
    const r = await register({
      redirect_uris: ['http://127.0.0.1:9000/cb'],
      grant_types: ['authorization_code', 'client_credentials'],
      scope: 'read write',
      token_endpoint_auth_method: 'client_secret_post',
      client_name: 'ignored but harmless',
    });
    expect(r.status, r.body).toBe(201);
    const body = json(r.body);
    expect(body).toMatchObject({
      redirect_uris: ['http://127.0.0.1:9000/cb'],
      grant_types: ['authorization_code', 'client_credentials'],
      scope: 'read write',
      token_endpoint_auth_method: 'client_secret_post',
      client_secret_expires_at: 0,
    });
    expect(body.client_id).toEqual(expect.any(String));
    expect(body.client_secret).toEqual(expect.any(String));
    expect(body.client_id_issued_at).toBe(h.provider.clock.nowSeconds());
    // The mock's own view lists the registered client beside the configured ones, without its secret.
    const listed = readMockState(h.provider.context).config.clients.find((c) => c.id === body.client_id);
    expect(listed).toEqual({
      id: body.client_id,
      public: false,
      redirectUris: ['http://127.0.0.1:9000/cb'],
      grantTypes: ['authorization_code', 'client_credentials'],
    });
    const t = await tokenRequest(h, {
      grant_type: 'client_credentials',
      client_id: String(body.client_id),
      client_secret: String(body.client_secret),
    });
    expect(t.status, t.body).toBe(200);
    expect(json(t.body).scope).toBe('read write');
  });

  it('defaults to client_secret_basic and authorization_code; a none client gets no secret', async () => {
    const basic = json((await register({ redirect_uris: ['http://127.0.0.1:9000/cb'] })).body);
    expect(basic).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code'],
    });
    const none = json(
      (
        await register({
          token_endpoint_auth_method: 'none',
          grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
        })
      ).body
    );
    expect(none.client_secret).toBeUndefined();
  });

  it('refuses bad metadata naming the field (§3.2.2)', async () => {
    const cases: [unknown, string, string][] = [
      [{ redirect_uris: ['http://example.com/cb'] }, 'invalid_redirect_uri', 'redirect_uris[0] must use https'],
      [{ grant_types: ['authorization_code'] }, 'invalid_redirect_uri', 'redirect_uris is required'],
      [{ grant_types: ['password'] }, 'invalid_client_metadata', 'grant_types password not supported'],
      [
        { grant_types: ['client_credentials'], token_endpoint_auth_method: 'magic' },
        'invalid_client_metadata',
        'token_endpoint_auth_method',
      ],
      [
        { grant_types: ['client_credentials'], scope: 'read admin' },
        'invalid_client_metadata',
        'scope admin is unknown',
      ],
      [
        { grant_types: ['client_credentials'], token_endpoint_auth_method: 'private_key_jwt' },
        'invalid_client_metadata',
        'needs jwks or jwks_uri',
      ],
      [
        { grant_types: ['client_credentials'], jwks_uri: 'https://keys.example/jwks' },
        'invalid_client_metadata',
        'not on 127.0.0.1',
      ],
      [
        { grant_types: ['client_credentials'], jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } },
        'invalid_client_metadata',
        'public keys only',
      ],
      [
        { grant_types: ['client_credentials'], jwks: { keys: [] }, jwks_uri: 'http://127.0.0.1/x' },
        'invalid_client_metadata',
        'must not both',
      ],
      [{ redirect_uris: 'http://127.0.0.1/cb' }, 'invalid_client_metadata', 'redirect_uris must be an array'],
    ];
    for (const [metadata, error, cause] of cases) expectOAuth2Error(await register(metadata), 400, error, cause);
    expectOAuth2Error(
      await register({}, 'application/x-www-form-urlencoded'),
      400,
      'invalid_request',
      'application/json'
    );
  });

  it('a private_key_jwt client with a loopback jwks_uri authenticates with a key fetched from there', async () => {
    const client = json(
      (
        await register({
          grant_types: ['client_credentials'],
          token_endpoint_auth_method: 'private_key_jwt',
          jwks_uri: `${keys.base}/jwks`,
        })
      ).body
    );
    const id = String(client.client_id);
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ iss: id, sub: id, aud: h.base, jti: randomUUID(), exp: now + 60 })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(keyPair.privateKey);
    const r = await tokenRequest(h, {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
    expect(r.status, r.body).toBe(200);
    expect(keys.seen.some((s) => s.url === '/jwks')).toBe(true);
  });

  it('a jwks_uri answering more than 64 KiB is refused, naming the limit', async () => {
    const id = String(
      json(
        (
          await register({
            grant_types: ['client_credentials'],
            token_endpoint_auth_method: 'private_key_jwt',
            jwks_uri: `${keys.base}/huge`,
          })
        ).body
      ).client_id
    );
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ iss: id, sub: id, aud: h.base, jti: randomUUID(), exp: now + 60 })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(keyPair.privateKey);
    expectOAuth2Error(
      await tokenRequest(h, {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
      401,
      'invalid_client',
      'it is larger than 65536 bytes, the limit for a JWK Set'
    );
  });
});

describe('dpop_bound_access_tokens at registration (RFC 9449 §5.2)', () => {
  it('true registers a client whose token requests must carry a DPoP proof; a non-boolean is refused', async () => {
    const r = await register({
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_post',
      dpop_bound_access_tokens: true,
    });
    expect(r.status, r.body).toBe(201);
    const client = json(r.body);
    expect(client.dpop_bound_access_tokens).toBe(true);
    const token = await tokenRequest(h, {
      grant_type: 'client_credentials',
      client_id: String(client.client_id),
      client_secret: String(client.client_secret),
    });
    expectOAuth2Error(token, 400, 'invalid_dpop_proof', `client ${String(client.client_id)} requires DPoP`);
    expectOAuth2Error(
      await register({ grant_types: ['client_credentials'], dpop_bound_access_tokens: 'yes' }),
      400,
      'invalid_client_metadata',
      'dpop_bound_access_tokens must be true or false'
    );
  });

  it('mcpFault dcr-refused: every registration answers invalid_client_metadata (RFC 7591 §3.2.2) and none is kept', async () => {
    await h.settings({ switches: { mcpFault: 'dcr-refused' } });
    try {
      const before = h.provider.context.state.registeredClients.size;
      expectOAuth2Error(
        await register({ redirect_uris: ['http://127.0.0.1:9000/cb'] }),
        400,
        'invalid_client_metadata',
        'does not register clients dynamically'
      );
      expect(h.provider.context.state.registeredClients.size).toBe(before);
    } finally {
      await h.settings({ switches: { mcpFault: 'off' } });
    }
    expect((await register({ redirect_uris: ['http://127.0.0.1:9000/cb'] })).status).toBe(201);
  });
});
