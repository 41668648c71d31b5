import { exportJWK, generateKeyPair, importJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_PRIVATE_JWK } from '../../../mock-provider/default-credentials';
import { authorizeQuery, C, goodAuthorize, Harness, json, REDIRECT, type Res } from './helpers';
import { basic, expectOAuth2Error } from './oauth2-assertions';

/**
 * Pushed authorization requests (RFC 9126) and request objects (RFC 9101) at the mock over real sockets: the
 * request pushed with client authentication, the browser's request_uri taken once and before it expires, request
 * objects verified with the client's secret or registered key, and each refusal named.
 */
const h = new Harness();
let keyPair: Awaited<ReturnType<typeof generateKeyPair>>;
const SIGNED_ONLY = 'signed-only';
const PAR_ONLY = 'par-only';
beforeAll(async () => {
  keyPair = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keyPair.publicKey)), kid: 'k1' };
  const clients = [
    { ...C.client, redirectUris: [...C.client.redirectUris] },
    { id: PAR_ONLY, secret: 'par-secret', redirectUris: [REDIRECT], requirePushedAuthorizationRequests: true },
    {
      id: SIGNED_ONLY,
      redirectUris: [REDIRECT],
      tokenEndpointAuthMethod: 'private_key_jwt',
      jwks: { keys: [jwk] },
      requireSignedRequestObject: true,
    },
  ];
  Object.assign(h, new Harness({ configValue: { oauth2: { clients } } }));
  await h.start();
});
afterAll(() => h.stop());

const push = (params: Record<string, string>, auth = basic(C.client.id, C.client.secret)): Promise<Res> =>
  h.send({
    method: 'POST',
    path: '/oauth/v2/par',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: auth },
    body: new URLSearchParams(params).toString(),
  });

const authorizeWith = (clientId: string, requestUri: string): Promise<Res> =>
  h.send({ path: authorizeQuery({ client_id: clientId, request_uri: requestUri }) });

function expectLoginPage(r: Res): void {
  expect(r.status, r.body).toBe(200);
  expect(r.body).toContain('name="csrf"');
}

async function refusalOf(r: Res): Promise<{ reason: string; message: string }> {
  expect(r.status, r.body).toBe(400);
  expect(r.headers.location).toBeUndefined();
  const events = json((await h.send({ path: '/_mock/events.json' })).body).events as {
    verdict: { reason: string; message: string };
  }[];
  return events.at(-1)!.verdict;
}

const { state: _state, ...withoutState } = goodAuthorize();
const pushedOk = async (params = goodAuthorize(), auth?: string): Promise<string> => {
  const r = await push(params, auth);
  expect(r.status, r.body).toBe(201);
  const body = json(r.body);
  expect(body.expires_in).toBe(60);
  expect(String(body.request_uri)).toMatch(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{20,}$/);
  return String(body.request_uri);
};

describe('pushed authorization requests (RFC 9126)', () => {
  it('discovery names the endpoint and whether PAR is required (§5), and request object support (RFC 9101 §9.1)', async () => {
    const doc = json((await h.send({ path: '/.well-known/oauth-authorization-server' })).body);
    expect(doc.pushed_authorization_request_endpoint).toBe(`${h.base}/oauth/v2/par`);
    expect(doc.require_pushed_authorization_requests).toBe(false);
    expect(doc.request_parameter_supported).toBe(true);
    expect(doc.request_object_signing_alg_values_supported).toContain('ES256');
  });

  it('answers 201 with request_uri and expires_in; the browser brings only client_id and request_uri (§2.2, §4)', async () => {
    const requestUri = await pushedOk();
    expectLoginPage(await authorizeWith(C.client.id, requestUri));
  });

  it('authenticates the client as the token endpoint does (§2.1)', async () => {
    expectOAuth2Error(
      await push(goodAuthorize(), basic(C.client.id, 'wrong')),
      401,
      'invalid_client',
      'wrong client_secret'
    );
  });

  it('checks the parameters as the authorize endpoint does, answering JSON (§2.3)', async () => {
    expectOAuth2Error(await push(withoutState), 400, 'invalid_request', 'state is missing');
    expectOAuth2Error(
      await push(goodAuthorize({ redirect_uri: 'http://127.0.0.1:1/elsewhere' })),
      400,
      'invalid_request',
      'redirect_uri'
    );
    expectOAuth2Error(
      await push(goodAuthorize({ request_uri: 'urn:x' })),
      400,
      'invalid_request',
      'request_uri must not be sent'
    );
  });

  it('a request_uri is single use (§4)', async () => {
    const requestUri = await pushedOk();
    expectLoginPage(await authorizeWith(C.client.id, requestUri));
    const refusal = await refusalOf(await authorizeWith(C.client.id, requestUri));
    expect(refusal.reason).toBe('invalid_request_uri');
    expect(refusal.message).toContain('already been used');
  });

  it('a request_uri expires after expires_in by the mock clock (§2.2)', async () => {
    const requestUri = await pushedOk();
    await h.admin('POST', '/_mock/clock/advance', { seconds: 61 });
    const refusal = await refusalOf(await authorizeWith(C.client.id, requestUri));
    await h.admin('POST', '/_mock/clock/reset');
    expect(refusal).toMatchObject({ reason: 'invalid_request_uri' });
    expect(refusal.message).toContain('request_uri expired');
  });

  it('switch parFault hands out a request_uri already used, or already expired', async () => {
    for (const [fault, says] of [
      ['request-uri-reused', 'already been used'],
      ['request-uri-expired', 'request_uri expired'],
    ] as const) {
      await h.settings({ switches: { parFault: fault } });
      const requestUri = await pushedOk();
      await h.settings({ switches: { parFault: 'off' } });
      const refusal = await refusalOf(await authorizeWith(C.client.id, requestUri));
      expect(refusal.reason).toBe('invalid_request_uri');
      expect(refusal.message).toContain(says);
      expect(refusal.message).toContain(`by switch parFault ${fault}`);
    }
  });

  it('refuses a request_uri of another client, one never issued, and one to fetch', async () => {
    const requestUri = await pushedOk();
    expect((await refusalOf(await authorizeWith(PAR_ONLY, requestUri))).message).toContain(
      `pushed by client ${C.client.id}`
    );
    expect(
      (await refusalOf(await authorizeWith(C.client.id, 'urn:ietf:params:oauth:request_uri:nope'))).message
    ).toContain('was not issued');
    expect((await refusalOf(await authorizeWith(C.client.id, 'https://example.com/ro.jwt'))).message).toContain(
      'fetches no request object'
    );
  });

  it('a client registered with requirePushedAuthorizationRequests, or the provider switch, refuses the front channel (§6, §5)', async () => {
    const refusal = await refusalOf(await h.send({ path: authorizeQuery(goodAuthorize({ client_id: PAR_ONLY })) }));
    expect(refusal.message).toContain(`Client ${PAR_ONLY} requires pushed authorization requests`);
    const requestUri = await pushedOk(goodAuthorize({ client_id: PAR_ONLY }), basic(PAR_ONLY, 'par-secret'));
    expect(requestUri).toBeTruthy();
    await h.settings({ switches: { requirePushedAuthorizationRequests: true } });
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    const front = await refusalOf(await h.send({ path: authorizeQuery(goodAuthorize()) }));
    await h.settings({ switches: { requirePushedAuthorizationRequests: false } });
    expect(doc.require_pushed_authorization_requests).toBe(true);
    expect(front.message).toContain('switch requirePushedAuthorizationRequests');
  });

  it('DCR keeps require_pushed_authorization_requests and require_signed_request_object (RFC 9126 §6, RFC 9101 §10.5)', async () => {
    const r = await h.send({
      method: 'POST',
      path: '/oidc/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        require_pushed_authorization_requests: true,
        require_signed_request_object: 'yes',
      }),
    });
    expectOAuth2Error(r, 400, 'invalid_client_metadata', 'require_signed_request_object must be true or false');
    const ok = await h.send({
      method: 'POST',
      path: '/oidc/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], require_pushed_authorization_requests: true }),
    });
    const client = json(ok.body);
    expect(client.require_pushed_authorization_requests).toBe(true);
    const refusal = await refusalOf(
      await h.send({ path: authorizeQuery(goodAuthorize({ client_id: String(client.client_id) })) })
    );
    expect(refusal.message).toContain('requires pushed authorization requests');
  });
});

const claims = (extra: Record<string, unknown> = {}) => ({
  ...goodAuthorize(),
  iss: C.client.id,
  aud: h.base,
  exp: Math.floor(Date.now() / 1000) + 300,
  ...extra,
});
const hs256 = (payload: Record<string, unknown>, secret: string = C.client.secret) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'oauth-authz-req+jwt' })
    .sign(new TextEncoder().encode(secret));
/** Signed ES256 with the built-in client's demo key (its registered jwks), as the default mock verifies; `key` another. */
const es256 = async (payload: Record<string, unknown>, key?: CryptoKey) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: 'oauth-authz-req+jwt', kid: DEFAULT_CLIENT_PRIVATE_JWK.kid })
    .sign(key ?? (await importJWK(DEFAULT_CLIENT_PRIVATE_JWK, 'ES256')));
const byValue = (clientId: string, request: string) =>
  h.send({ path: authorizeQuery({ client_id: clientId, request }) });

/** HS* with the client secret and alg none are taken only under requestObjectAlgs "all"; the default is asymmetric. */
async function withAllAlgs(run: () => Promise<void>): Promise<void> {
  await h.settings({ switches: { requestObjectAlgs: 'all' } });
  try {
    await run();
  } finally {
    await h.settings({ switches: { requestObjectAlgs: 'asymmetric' } });
  }
}

describe('request objects (RFC 9101)', () => {
  it('by default, HS256 and alg none are refused by name: asymmetric algorithms only (RFC 8725 §3.1)', async () => {
    const unsigned = new UnsecuredJWT(claims()).encode();
    for (const [request, alg] of [
      [await hs256(claims()), 'HS256'],
      [unsigned, 'none'],
    ] as const) {
      const refusal = await refusalOf(await byValue(C.client.id, request));
      expect(refusal.reason).toBe('invalid_request_object');
      expect(refusal.message).toContain(`has alg "${alg}"; this provider verifies RS256, RS384, RS512, PS256`);
      expect(refusal.message.split('verifies ')[1]).not.toMatch(/HS|none/);
    }
  });

  it('by value, signed with the client secret (HS256) under requestObjectAlgs all: its claims are the request (§5)', () =>
    withAllAlgs(async () => {
      const r = await byValue(C.client.id, await hs256(claims({ scope: 'read write' })));
      expectLoginPage(r);
      expect(r.body).toContain('<dd>read write</dd>');
    }));

  it('pushed, signed with the client registered key (ES256, RFC 9126 §3)', async () => {
    const payload = {
      ...claims({ client_id: SIGNED_ONLY, iss: SIGNED_ONLY }),
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    const request = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(keyPair.privateKey);
    const assertion = await new SignJWT({ jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(SIGNED_ONLY)
      .setSubject(SIGNED_ONLY)
      .setAudience(`${h.base}/oauth/v2/token`)
      .setExpirationTime('2m')
      .sign(keyPair.privateKey);
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v2/par',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: SIGNED_ONLY,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        request,
      }).toString(),
    });
    expect(r.status, r.body).toBe(201);
    expectLoginPage(await authorizeWith(SIGNED_ONLY, String(json(r.body).request_uri)));
  });

  it('refuses each mistake by name, as invalid_request_object', async () => {
    const cases: [Promise<string>, string][] = [
      [es256(claims(), keyPair.privateKey), 'bad signature'],
      [es256(claims({ client_id: 'someone-else' })), 'it must be the client_id parameter'],
      [es256(claims({ iss: 'someone-else' })), 'has iss "someone-else"'],
      [es256(claims({ aud: 'https://elsewhere.example' })), 'has aud "https://elsewhere.example"'],
      [es256(claims({ aud: undefined })), 'has aud (none)'],
      [es256(claims({ exp: Math.floor(Date.now() / 1000) - 10 })), 'expired'],
      [es256(claims({ request_uri: 'urn:x' })), 'must not contain request or request_uri'],
      [Promise.resolve('not.a.jwt'), 'is not a JWT'],
    ];
    for (const [request, says] of cases) {
      const refusal = await refusalOf(await byValue(C.client.id, await request));
      expect(refusal.reason, says).toBe('invalid_request_object');
      expect(refusal.message).toContain(says);
    }
    expectOAuth2Error(
      await push({ client_id: C.client.id, request: await es256(claims({ iss: 'x' })) }),
      400,
      'invalid_request_object',
      "has iss 'x'"
    );
  });

  it('an unsigned request object (alg none), under requestObjectAlgs all, only from a client that does not require signed ones (§10.5)', () =>
    withAllAlgs(async () => {
      const unsigned = (clientId: string) => new UnsecuredJWT(claims({ client_id: clientId, iss: clientId })).encode();
      expectLoginPage(await byValue(C.client.id, unsigned(C.client.id)));
      const refusal = await refusalOf(await byValue(SIGNED_ONLY, unsigned(SIGNED_ONLY)));
      expect(refusal.message).toContain('requires signed request objects');
      const plain = await refusalOf(await h.send({ path: authorizeQuery(goodAuthorize({ client_id: SIGNED_ONLY })) }));
      expect(plain.message).toContain('requires a signed request object');
    }));
});
