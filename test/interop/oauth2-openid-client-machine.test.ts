import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as client from 'openid-client';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueClientCertificateFiles } from '../../mock-provider/mtls/ca-store';
import { mutualTlsFetch } from '../support/mutual-tls-fetch';
import { spawnMock } from '../support/spawn-mock';
import { selfSignedClient } from '../support/test-ca';

/**
 * Interop: openid-client (panva's certified relying party, written by nobody here) registers at `oauth-lab mock` by
 * Dynamic Client Registration (RFC 7591) and gets tokens with client credentials (RFC 6749 §4.4) by each of the
 * client authentication methods (the two mutual-TLS ones, RFC 8705 §2, at the mock's mutual-TLS port named by
 * mtls_endpoint_aliases), runs the device flow (RFC 8628) with the user approving on the verification page over HTTP,
 * and hears each deliberate mistake refused by name.
 */
/** The mock's store: its local CA is made there on start, client certificates are issued from it. */
const store = mkdtempSync(join(tmpdir(), 'oauth-lab-openid-client-'));
let mock: Awaited<ReturnType<typeof spawnMock>>;
let keys: { privateKey: CryptoKey; jwk: client.JsonObject };
beforeAll(async () => {
  mock = await spawnMock(['--store-dir', store]);
  const pair = await generateKeyPair('ES256', { extractable: true });
  keys = {
    privateKey: pair.privateKey,
    jwk: { ...(await exportJWK(pair.publicKey)), kid: 'es-1' } as client.JsonObject,
  };
}, 20_000);
afterAll(async () => {
  await mock.stop();
  rmSync(store, { recursive: true, force: true });
});

const insecure = { execute: [client.allowInsecureRequests] };
const CC = 'client_credentials';
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Registers a client by DCR and returns openid-client's configuration for it, authenticating with `auth`. */
async function registered(
  metadata: Partial<client.ClientMetadata>,
  auth?: (registered: client.ClientMetadata) => client.ClientAuth
): Promise<client.Configuration> {
  const config = await client.dynamicClientRegistration(new URL(mock.base), metadata, undefined, insecure);
  if (!auth) return config;
  const meta = config.clientMetadata();
  const withAuth = new client.Configuration(config.serverMetadata(), meta.client_id, meta, auth(meta));
  client.allowInsecureRequests(withAuth);
  return withAuth;
}

/** openid-client's error for a refused request: the OAuth error code and the mock's description. */
async function refusal(promise: Promise<unknown>): Promise<{ error: string; error_description: string }> {
  const e = (await promise.then(
    () => null,
    (error: unknown) => error
  )) as { error?: string; error_description?: string } | null;
  expect(e, 'the request was expected to be refused').not.toBeNull();
  return { error: String(e!.error), error_description: String(e!.error_description) };
}

describe('client credentials with every non-TLS method, each client registered by DCR', () => {
  it('client_secret_basic, client_secret_post, client_secret_jwt and private_key_jwt get a token and no refresh token', async () => {
    const configs = [
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_basic', scope: 'read' }, () =>
        client.ClientSecretBasic()
      ),
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_post', scope: 'read' }, () =>
        client.ClientSecretPost()
      ),
      await registered({ grant_types: [CC], token_endpoint_auth_method: 'client_secret_jwt', scope: 'read' }, () =>
        client.ClientSecretJwt()
      ),
      await registered(
        { grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', scope: 'read', jwks: { keys: [keys.jwk] } },
        () => client.PrivateKeyJwt({ key: keys.privateKey, kid: 'es-1' })
      ),
    ];
    for (const config of configs) {
      const tokens = await client.clientCredentialsGrant(config, { scope: 'read' });
      expect(tokens.access_token).toEqual(expect.any(String));
      expect(tokens.scope).toBe('read');
      expect(tokens.refresh_token).toBeUndefined();
      expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    }
  });

  it('none: a public client is refused the grant by name (RFC 6749 §4.4 is for confidential clients)', async () => {
    const config = await registered({ grant_types: [CC], token_endpoint_auth_method: 'none' }, () => client.None());
    const r = await refusal(client.clientCredentialsGrant(config));
    expect(r.error).toBe('unauthorized_client');
    expect(r.error_description).toContain('is a public client');
  });
});

describe('client credentials with the mutual-TLS methods (RFC 8705 §2), each client registered by DCR', () => {
  /**
   * Registers a client by DCR over HTTP, then gives openid-client's configuration for it that sends to discovery's
   * mtls_endpoint_aliases with `certificate` on every TLS connection. openid-client 6 has one method for both RFC 8705
   * methods, TlsClientAuth (client_id in the body): on the wire they are the same; only the server's check differs.
   */
  async function registeredOverMutualTls(
    metadata: Partial<client.ClientMetadata>,
    certificate: { cert: string; key: string }
  ): Promise<client.Configuration> {
    const registration = await registered({ grant_types: [CC], ...metadata });
    const meta = { ...registration.clientMetadata(), use_mtls_endpoint_aliases: true };
    const config = new client.Configuration(
      registration.serverMetadata(),
      meta.client_id,
      meta,
      client.TlsClientAuth()
    );
    const ca = readFileSync(join(store, 'mock-ca', 'ca.pem'), 'utf8');
    config[client.customFetch] = mutualTlsFetch({ ...certificate, ca });
    return config;
  }
  /** A client certificate issued by the mock's CA, as `oauth-lab mock --issue-client-cert NAME` does. */
  function issued(name: string): { cert: string; key: string; subjectDn: string; thumbprint: string } {
    const files = issueClientCertificateFiles(store, name);
    return {
      cert: readFileSync(files.certificatePath, 'utf8'),
      key: readFileSync(files.keyPath, 'utf8'),
      subjectDn: files.subjectDn,
      thumbprint: files.thumbprint,
    };
  }
  /** x5t#S256 (RFC 8705 §3.1), computed here from the certificate, not taken from the mock. */
  const x5tS256 = (pem: string) =>
    Buffer.from(new X509Certificate(pem).fingerprint256.replace(/:/g, ''), 'hex').toString('base64url');

  it("tls_client_auth: a certificate issued by the mock's CA, matched by its subject DN, gets a token bound to it", async () => {
    const certificate = issued('openid-client-app');
    const config = await registeredOverMutualTls(
      {
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: certificate.subjectDn,
        scope: 'read',
      },
      certificate
    );
    const tokens = await client.clientCredentialsGrant(config, { scope: 'read' });
    expect(tokens.scope).toBe('read');
    const introspected = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspected.active).toBe(true);
    expect(introspected.cnf).toEqual({ 'x5t#S256': x5tS256(certificate.cert) });
  });

  it("self_signed_tls_client_auth: a self-signed certificate registered in the client's jwks (x5c) gets a token bound to it", async () => {
    const certificate = selfSignedClient('openid-client-self-signed');
    const x509 = new X509Certificate(certificate.cert);
    const jwk = { ...(await exportJWK(x509.publicKey)), x5c: [x509.raw.toString('base64')] };
    const config = await registeredOverMutualTls(
      { token_endpoint_auth_method: 'self_signed_tls_client_auth', jwks: { keys: [jwk] } },
      certificate
    );
    const tokens = await client.clientCredentialsGrant(config);
    const introspected = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspected.active).toBe(true);
    expect(introspected.cnf).toEqual({ 'x5t#S256': x5tS256(certificate.cert) });
  });

  it('a certificate whose subject is not the registered one, or not in the jwks, is refused as invalid_client by name', async () => {
    const cases: [Promise<client.Configuration>, string][] = [
      [
        registeredOverMutualTls(
          {
            token_endpoint_auth_method: 'tls_client_auth',
            tls_client_auth_subject_dn: 'CN=someone-else,O=OAuth Lab mock',
          },
          issued('openid-client-other')
        ),
        'does not match the registered tls_client_auth_subject_dn',
      ],
      [
        registeredOverMutualTls(
          { token_endpoint_auth_method: 'self_signed_tls_client_auth', jwks: { keys: [keys.jwk] } },
          selfSignedClient('openid-client-unregistered')
        ),
        "is not among the 0 certificate(s) in the client's registered jwks",
      ],
    ];
    for (const [config, cause] of cases) {
      const r = await refusal(client.clientCredentialsGrant(await config));
      expect(r.error, cause).toBe('invalid_client');
      expect(r.error_description).toContain(cause);
    }
  });
});

describe('each assertion mistake refused as invalid_client by name', () => {
  const pkjwt = (modify?: client.ModifyAssertionFunction, key = keys.privateKey) =>
    registered({ grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [keys.jwk] } }, () =>
      client.PrivateKeyJwt({ key, kid: 'es-1' }, modify ? { [client.modifyAssertion]: modify } : {})
    );

  it('wrong audience, expired, unknown key, bad signature, replayed jti, method not the registered one', async () => {
    const cases: [Promise<client.Configuration>, string][] = [
      [pkjwt((_h, p) => void (p.aud = 'https://elsewhere.example/token')), 'wrong audience'],
      [pkjwt((_h, p) => void (p.exp = Math.floor(Date.now() / 1000) - 5)), 'expired at'],
      [pkjwt((h) => void (h.kid = 'nobody')), 'unknown key'],
      [pkjwt(undefined, (await generateKeyPair('ES256')).privateKey), 'bad signature'],
      [
        registered(
          { grant_types: [CC], token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [keys.jwk] } },
          (meta) => client.ClientSecretPost(String(meta.client_secret ?? 'no-secret'))
        ),
        'authenticates with private_key_jwt',
      ],
    ];
    for (const [config, cause] of cases) {
      const r = await refusal(client.clientCredentialsGrant(await config));
      expect(r.error, cause).toBe('invalid_client');
      expect(r.error_description).toContain(cause);
    }
    const replaying = await pkjwt((_h, p) => void (p.jti = 'the-same-jti'));
    await client.clientCredentialsGrant(replaying);
    const r = await refusal(client.clientCredentialsGrant(replaying));
    expect(r).toMatchObject({ error: 'invalid_client' });
    expect(r.error_description).toContain('reuses jti');
  });
});

describe('device authorization (RFC 8628)', () => {
  // A 1 s polling interval (the mock's switch devicePollInterval) instead of 5 s: openid-client waits what it is told.
  const pollEvery = (seconds: number) =>
    fetch(`${mock.base}/_mock/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ switches: { devicePollInterval: seconds } }),
    });
  beforeAll(async () => expect((await pollEvery(1)).status).toBe(200));
  afterAll(() => pollEvery(5));

  /** The user on the verification page: the form, the code typed in, demo/demo, a decision. */
  async function userAnswers(verificationUri: string, userCode: string, decision: 'approve' | 'deny'): Promise<string> {
    const page = await fetch(verificationUri);
    const cookie = page.headers.get('set-cookie');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const r = await fetch(verificationUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ csrf, user_code: userCode, username: 'demo', password: 'demo', decision }),
    });
    expect(r.status).toBe(200);
    return r.text();
  }

  it('a public client (none) polls while the user approves on the verification page, and gets tokens', async () => {
    const config = await registered({ grant_types: [DEVICE], token_endpoint_auth_method: 'none' }, () => client.None());
    const started = await client.initiateDeviceAuthorization(config, { scope: 'read' });
    expect(started.verification_uri_complete).toContain(started.user_code);
    const polling = client.pollDeviceAuthorizationGrant(config, started);
    expect(await userAnswers(started.verification_uri, started.user_code, 'approve')).toContain('Device connected');
    const tokens = await polling;
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.scope).toBe('read');
  }, 20_000);

  it('a denial reaches the device as access_denied', async () => {
    const config = await registered({ grant_types: [DEVICE], token_endpoint_auth_method: 'client_secret_basic' }, () =>
      client.ClientSecretBasic()
    );
    const started = await client.initiateDeviceAuthorization(config, {});
    const polling = refusal(client.pollDeviceAuthorizationGrant(config, started));
    await userAnswers(started.verification_uri, started.user_code, 'deny');
    expect(await polling).toMatchObject({ error: 'access_denied' });
  }, 20_000);
});
