import { createPublicKey, randomBytes, X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { MTLS, SECRET_AND_JWT_METHODS } from './node-oidc-provider';
import { createTestCa, selfSignedClient, type Issued } from './test-ca';

/**
 * node-oidc-provider (panva; nobody here wrote it) on 127.0.0.1 for the machine grants: client credentials and the
 * device flow, DPoP on with a nonce required (RFC 9449 §8), one client per client authentication method (each
 * client_id is its method's short name, its secret SECRET; `pkjwt` verifies with `privateKeyPem`'s public key, kid
 * rsa-1). `tls` (tls_client_auth, RFC 8705 §2) is the client whose certificate `tls.client` is: its token endpoint
 * is the same provider over HTTPS at `tls.url`, asking for a client certificate, its server certificate from the
 * private authority `tls.ca`. `self` (self_signed_tls_client_auth, RFC 8705 §2.2) reaches the same HTTPS port with
 * `tls.selfSigned`, a certificate signed by its own key and registered by that key in its JWKS. `public` (none) is
 * a public client, for the device flow only (RFC 6749 §4.4: client credentials are for confidential clients).
 * `approve` plays the user at the other device through the provider's own model, as
 * its verification pages would.
 */
export interface MachineProvider {
  readonly issuer: string;
  readonly privateKeyPem: string;
  readonly tls: { readonly url: string; readonly ca: string; readonly client: Issued; readonly selfSigned: Issued };
  approve(userCode: string): Promise<void>;
  close(): Promise<void>;
}

export const MACHINE_SECRET = 'machine-page-secret-long-enough-for-hs256-assertions';

/** Each client, its profile's clientAuthentication. */
export const MACHINE_METHODS = [
  ['basic', 'basic'],
  ['post', 'body'],
  ['csjwt', 'client_secret_jwt'],
  ['pkjwt', 'private_key_jwt'],
  ['tls', 'tls_client_auth'],
  ['self', 'self_signed_tls_client_auth'],
] as const;

/** The device flow's clients: every machine client, and a public one (RFC 8628 §3.1, no client authentication). */
export const DEVICE_METHODS = [...MACHINE_METHODS, ['public', 'none']] as const;

/** The client authenticates by its certificate at the provider's HTTPS port (RFC 8705 §2). */
export const byCertificate = (method: string): boolean => method.endsWith('tls_client_auth');

export async function startMachineProvider(): Promise<MachineProvider> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ca = createTestCa();
  const client = ca.client('machine-tls-client');
  const selfSigned = selfSignedClient('machine-self-client');
  const selfJwk = {
    ...createPublicKey(selfSigned.cert).export({ format: 'jwk' }),
    x5c: [new X509Certificate(selfSigned.cert).raw.toString('base64')],
  };
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const machine = {
    grant_types: ['client_credentials', 'urn:ietf:params:oauth:grant-type:device_code'],
    response_types: [],
    redirect_uris: [],
    scope: 'openid api:read',
  };
  const secret = { client_secret: MACHINE_SECRET };
  const provider = new Provider(issuer, {
    clients: [
      { ...machine, ...secret, client_id: 'basic', token_endpoint_auth_method: 'client_secret_basic' },
      { ...machine, ...secret, client_id: 'post', token_endpoint_auth_method: 'client_secret_post' },
      { ...machine, ...secret, client_id: 'csjwt', token_endpoint_auth_method: 'client_secret_jwt' },
      {
        ...machine,
        client_id: 'pkjwt',
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' }] },
      },
      {
        ...machine,
        client_id: 'tls',
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: 'CN=machine-tls-client',
      },
      {
        ...machine,
        client_id: 'self',
        token_endpoint_auth_method: 'self_signed_tls_client_auth',
        jwks: { keys: [selfJwk] },
      },
      {
        ...machine,
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
        client_id: 'public',
        token_endpoint_auth_method: 'none',
      },
    ],
    clientAuthMethods: [...SECRET_AND_JWT_METHODS, 'tls_client_auth', 'self_signed_tls_client_auth', 'none'],
    cookies: { keys: ['interop-test-cookie-key'] },
    scopes: ['openid', 'api:read'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      mTLS: MTLS,
      // oidc-provider's options beyond `enabled` are not in the local declarations (test/interop/oidc-provider.d.ts).
      dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true } as { enabled: boolean },
    },
  });
  server.on('request', provider.callback());
  // The certificate is asked for and judged by the provider (certificateAuthorized), not refused by the handshake.
  const tlsServer = createHttpsServer(
    { ...ca.server(), ca: ca.cert, requestCert: true, rejectUnauthorized: false },
    provider.callback()
  );
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  const closing = (s: { close(cb: () => void): unknown }) => new Promise<void>((r) => s.close(() => r()));
  return {
    issuer,
    privateKeyPem: await exportPKCS8(rsa.privateKey),
    tls: {
      url: `https://127.0.0.1:${(tlsServer.address() as { port: number }).port}`,
      ca: ca.cert,
      client,
      selfSigned,
    },
    async approve(userCode) {
      // Stored as its page reads it: upper case, letters and digits only (helpers/user_codes.js normalize).
      const code = (await provider.DeviceCode.findByUserCode(userCode.toUpperCase().replace(/[^A-Z0-9]/g, '')))!;
      const grant = new provider.Grant({ accountId: 'demo', clientId: code.clientId });
      grant.addOIDCScope('openid');
      code.accountId = 'demo';
      code.grantId = await grant.save();
      await code.save();
    },
    close: async () => {
      await Promise.all([closing(server), closing(tlsServer)]);
    },
  };
}

/**
 * A profile's settings for one of the provider's clients (besides id, name and DPoP): its base URL, and the client
 * authentication's secret, key or certificate. The certificate clients (tls, self) reach the token and device
 * authorization endpoints over HTTPS (named in the profile, trusting the provider's authority); the others find the
 * device endpoint by discovery. The public client sends its client_id alone.
 */
export function machineProfileInput(op: MachineProvider, clientId: string, method: string, scope: string) {
  const certificate = method === 'tls_client_auth' ? op.tls.client : op.tls.selfSigned;
  const credentials =
    method === 'private_key_jwt'
      ? { assertionKey: op.privateKeyPem, assertionKeyId: 'rsa-1' }
      : byCertificate(method)
        ? {
            clientCertificate: certificate.cert,
            clientKey: certificate.key,
            deviceAuthorizationEndpoint: `${op.tls.url}/device/auth`,
          }
        : method === 'none'
          ? {}
          : { clientSecret: MACHINE_SECRET };
  return {
    baseUrl: op.issuer,
    ...(byCertificate(method) ? { caCertificates: op.tls.ca } : {}),
    oauth2: {
      clientId,
      clientAuthentication: method,
      tokenPath: byCertificate(method) ? `${op.tls.url}/token` : '/token',
      scope,
      ...credentials,
    },
  };
}
