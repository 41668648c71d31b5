import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { MockProvider } from '../../../mock-provider';
import { generateDpopKey } from '../../../platform/jose';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { createCa, issueClientCertificate, thumbprintS256, type PemPair } from '../../../mock-provider/mtls/local-ca';
import { json, send, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * Mutual TLS at the mock (RFC 8705 (https://www.rfc-editor.org/rfc/rfc8705)) over real sockets: the HTTPS port beside the HTTP one, tls_client_auth with a
 * certificate from the mock's CA, self_signed_tls_client_auth with a registered x5c, tokens bound to the certificate
 * (cnf x5t#S256), and each mismatch refused by name.
 */
let ca: PemPair;
let provider: MockProvider;
let base = '';
let mtls = '';
let appCert: PemPair;
let selfSigned: PemPair;
beforeAll(async () => {
  ca = createCa();
  appCert = issueClientCertificate(ca, 'app');
  selfSigned = createCa();
  provider = new MockProvider({ tls: { ca } });
  base = await provider.start({ port: 0 });
  mtls = provider.mtlsBaseUrl!;
});
afterAll(() => provider.stop());

const derOf = (pem: string) => new X509Certificate(pem).raw;

/** One HTTPS exchange with the mock's mutual-TLS port, trusting its CA, presenting `client` if given. */
function sendTls(
  path: string,
  o: { client?: PemPair; method?: string; body?: string; headers?: Record<string, string> } = {}
): Promise<Res> {
  const url = new URL(mtls);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: o.method ?? 'GET',
        ca: ca.certificate,
        ...(o.client ? { cert: o.client.certificate, key: o.client.privateKey } : {}),
        headers: {
          ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}),
          ...o.headers,
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        );
      }
    );
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

const formTls = (path: string, params: Record<string, string>, client?: PemPair) =>
  sendTls(path, {
    method: 'POST',
    body: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ...(client ? { client } : {}),
  });

async function register(metadata: Record<string, unknown>): Promise<string> {
  const r = await send(base, {
    method: 'POST',
    path: '/oidc/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_types: ['client_credentials'], ...metadata }),
  });
  expect(r.status, r.body).toBe(201);
  return String(json(r.body).client_id);
}

describe('mutual TLS (RFC 8705)', () => {
  it('discovery lists the certificate methods, bound tokens and the mtls_endpoint_aliases on the HTTPS port (§5)', async () => {
    const doc = json((await send(base, { path: '/.well-known/oauth-authorization-server' })).body);
    expect(mtls).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(doc.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['tls_client_auth', 'self_signed_tls_client_auth'])
    );
    expect(doc.tls_client_certificate_bound_access_tokens).toBe(true);
    expect(doc.mtls_endpoint_aliases).toMatchObject({
      token_endpoint: `${mtls}/oauth/v2/token`,
      introspection_endpoint: `${mtls}/oidc/introspect`,
      // RFC 9126 §2.1: the pushed request authenticates the client too, so it has its mutual-TLS alias.
      pushed_authorization_request_endpoint: `${mtls}/oauth/v2/par`,
    });
  });

  it('tls_client_auth: a CA-issued certificate with the registered subject gets a token bound to it (§2.1, §3)', async () => {
    const id = await register({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: 'CN=app,O=OAuth Lab mock',
    });
    const r = await formTls('/oauth/v2/token', { grant_type: 'client_credentials', client_id: id }, appCert);
    expect(r.status, r.body).toBe(200);
    const token = String(json(r.body).access_token);
    const thumbprint = thumbprintS256(derOf(appCert.certificate));
    const introspected = await formTls('/oidc/introspect', { token, client_id: id }, appCert);
    expect(json(introspected.body)).toMatchObject({ active: true, cnf: { 'x5t#S256': thumbprint } });
    const me = await sendTls('/api/v2/me', { client: appCert, headers: { authorization: `Bearer ${token}` } });
    expect(me.status, me.body).toBe(200);
    const stolen = await send(base, { path: '/api/v2/me', headers: { authorization: `Bearer ${token}` } });
    expect(stolen.status).toBe(401);
    expect(stolen.body).toContain('bound to a client certificate');
    const otherCert = await sendTls('/api/v2/me', {
      client: issueClientCertificate(ca, 'app'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(otherCert.status).toBe(401);
    expect(otherCert.body).toContain('presented another one');
  });

  it('a DPoP proof for the https alias is verified against it: the token endpoint and the pushed request (RFC 9449 §4.3)', async () => {
    const id = await register({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: 'CN=app,O=OAuth Lab mock',
      grant_types: ['client_credentials', 'authorization_code'],
      redirect_uris: ['http://127.0.0.1:8765/callback'],
    });
    const { key } = await generateDpopKey('ES256');
    const deps = { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => Date.now() } };
    const proof = async (path: string) =>
      (await buildDpopProof({ key, method: 'POST', url: `${mtls}${path}` }, deps)).jwt;
    const token = await sendTls('/oauth/v2/token', {
      method: 'POST',
      client: appCert,
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: await proof('/oauth/v2/token') },
    });
    expect(token.status, token.body).toBe(200);
    expect(json(token.body).token_type).toBe('DPoP');
    const pushed = await sendTls('/oauth/v2/par', {
      method: 'POST',
      client: appCert,
      body: new URLSearchParams({
        client_id: id,
        response_type: 'code',
        redirect_uri: 'http://127.0.0.1:8765/callback',
        state: 's',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: await proof('/oauth/v2/par') },
    });
    expect(pushed.status, pushed.body).toBe(201);
  });

  it('each certificate mistake is invalid_client naming its cause', async () => {
    const id = await register({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: 'CN=other,O=OAuth Lab mock',
    });
    const cc = { grant_type: 'client_credentials', client_id: id };
    expectOAuth2Error(
      await formTls('/oauth/v2/token', cc, appCert),
      401,
      'invalid_client',
      'does not match the registered tls_client_auth_subject_dn'
    );
    // The mock's own event names the cause too, on the https URL the request was sent to.
    const event = provider.events.recent(0).at(-1)!;
    expect(event.exchange.request.url).toBe(`${mtls}/oauth/v2/token`);
    expect(event.verdict.message).toContain('does not match the registered tls_client_auth_subject_dn');
    expectOAuth2Error(
      await formTls('/oauth/v2/token', cc),
      401,
      'invalid_client',
      'no client certificate was presented'
    );
    expectOAuth2Error(
      await formTls('/oauth/v2/token', cc, selfSigned),
      401,
      'invalid_client',
      "not issued by the mock's CA"
    );
    const overHttp = await send(base, {
      method: 'POST',
      path: '/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(cc).toString(),
    });
    expectOAuth2Error(overHttp, 401, 'invalid_client', 'came over plain HTTP');
  });

  it('self_signed_tls_client_auth: the certificate must be one registered in jwks as x5c (§2.2)', async () => {
    const x5c = derOf(selfSigned.certificate).toString('base64');
    const jwk = {
      ...(new X509Certificate(selfSigned.certificate).publicKey.export({ format: 'jwk' }) as object),
      x5c: [x5c],
    };
    const id = await register({ token_endpoint_auth_method: 'self_signed_tls_client_auth', jwks: { keys: [jwk] } });
    const ok = await formTls('/oauth/v2/token', { grant_type: 'client_credentials', client_id: id }, selfSigned);
    expect(ok.status, ok.body).toBe(200);
    expectOAuth2Error(
      await formTls('/oauth/v2/token', { grant_type: 'client_credentials', client_id: id }, appCert),
      401,
      'invalid_client',
      "is not among the 1 certificate(s) in the client's registered jwks"
    );
  });

  it('registration refuses tls_client_auth without a subject DN, naming the field', async () => {
    const r = await send(base, {
      method: 'POST',
      path: '/oidc/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_types: ['client_credentials'], token_endpoint_auth_method: 'tls_client_auth' }),
    });
    expectOAuth2Error(r, 400, 'invalid_client_metadata', 'tls_client_auth_subject_dn');
  });
});
