import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockProvider } from '../../../mock-provider';
import { createCa, issueClientCertificate, thumbprintS256, type PemPair } from '../../../mock-provider/mtls/local-ca';
import { json, s256, send, VERIFIER, type Res } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

/**
 * RFC 8705 §4 (https://www.rfc-editor.org/rfc/rfc8705#section-4) over real sockets: a public
 * client's refresh token issued over mutual TLS is bound to that certificate; a refresh without it, or with another
 * one, is refused with invalid_grant, and the access token a refresh issues stays bound to the same certificate.
 */
const REDIRECT = 'http://127.0.0.1:9000/cb';
let ca: PemPair;
let provider: MockProvider;
let base = '';
let mtls = '';
let appCert: PemPair;
let otherCert: PemPair;
beforeAll(async () => {
  ca = createCa();
  appCert = issueClientCertificate(ca, 'app');
  otherCert = issueClientCertificate(ca, 'other');
  provider = new MockProvider({ tls: { ca }, autoLoginUser: 'demo' });
  base = await provider.start({ port: 0 });
  mtls = provider.mtlsBaseUrl!;
});
afterAll(() => provider.stop());

/** A form POST to the mock's mutual-TLS port, presenting `client` if given. */
function formTls(path: string, params: Record<string, string>, client?: PemPair): Promise<Res> {
  const url = new URL(mtls);
  const body = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        ca: ca.certificate,
        ...(client ? { cert: client.certificate, key: client.privateKey } : {}),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
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
    req.end(body);
  });
}

/** A public client's tokens, its code exchanged over mutual TLS with `appCert`. */
async function publicClientTokens(): Promise<{ id: string; refresh: string }> {
  const registered = await send(base, {
    method: 'POST',
    path: '/oidc/register',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(registered.status, registered.body).toBe(201);
  const id = String(json(registered.body).client_id);
  const query = new URLSearchParams({
    client_id: id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's',
    code_challenge: s256(VERIFIER),
    code_challenge_method: 'S256',
  });
  const authorized = await send(base, { path: `/oauth/v2/authorize?${query}` });
  const code = new URL(String(authorized.headers.location)).searchParams.get('code');
  expect(code, authorized.body).not.toBeNull();
  const t = await formTls(
    '/oauth/v2/token',
    { grant_type: 'authorization_code', client_id: id, code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
    appCert
  );
  expect(t.status, t.body).toBe(200);
  return { id, refresh: String(json(t.body).refresh_token) };
}

const thumbprintOf = (c: PemPair) => thumbprintS256(new X509Certificate(c.certificate).raw);

describe("a public client's refresh token bound to its certificate (RFC 8705 §4)", () => {
  it('is refused without the certificate, on either port, and with another certificate', async () => {
    const { id, refresh } = await publicClientTokens();
    const params = { grant_type: 'refresh_token', client_id: id, refresh_token: refresh };
    const bound = `bound to the client certificate x5t#S256 ${thumbprintOf(appCert)}`;
    const none = expectOAuth2Error(await formTls('/oauth/v2/token', params), 400, 'invalid_grant', bound);
    expect(none.error_description).toContain('presented none');
    const plain = await send(base, {
      method: 'POST',
      path: '/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expectOAuth2Error(plain, 400, 'invalid_grant', bound);
    const other = expectOAuth2Error(await formTls('/oauth/v2/token', params, otherCert), 400, 'invalid_grant', bound);
    expect(other.error_description).toContain(thumbprintOf(otherCert));
  });

  it('with the same certificate issues an access token bound to it, and a refresh token still bound', async () => {
    const { id, refresh } = await publicClientTokens();
    const r = await formTls(
      '/oauth/v2/token',
      { grant_type: 'refresh_token', client_id: id, refresh_token: refresh },
      appCert
    );
    expect(r.status, r.body).toBe(200);
    const body = json(r.body);
    const introspected = await formTls(
      '/oidc/introspect',
      { token: String(body.access_token), client_id: id },
      appCert
    );
    expect(json(introspected.body)).toMatchObject({ active: true, cnf: { 'x5t#S256': thumbprintOf(appCert) } });
    const next = { grant_type: 'refresh_token', client_id: id, refresh_token: String(body.refresh_token) };
    expectOAuth2Error(await formTls('/oauth/v2/token', next), 400, 'invalid_grant', 'bound to the client certificate');
    expect((await formTls('/oauth/v2/token', next, appCert)).status).toBe(200);
  });
});
