import { createPublicKey, X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFlowInProcess } from '../support/in-process-flow';
import { startOidcProvider, type RunningOidcProvider } from '../support/node-oidc-provider';
import { createTestCa, selfSignedClient, type Issued } from '../support/test-ca';
import { scratchDir } from '../support/scratch-dir';

/**
 * Interop: `oauth-lab flow oauth2 --client-auth tls_client_auth | self_signed_tls_client_auth` (RFC 8705 §2) against
 * node-oidc-provider, whose token endpoint is served over HTTPS asking for a client certificate and judging it
 * itself; the server's certificate comes from a private authority that only --ca-file makes trusted. Certificates
 * are made for the run with node-forge.
 */
const dir = scratchDir('oauth-lab-mtls-');
const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
let op: RunningOidcProvider;
let files: Record<'ca' | 'cert' | 'key' | 'selfCert' | 'selfKey' | 'otherCert' | 'otherKey', string>;
let client: Issued;
let self: Issued;

beforeAll(async () => {
  const ca = createTestCa();
  client = ca.client('mtls-client');
  self = selfSignedClient('self-signed-client');
  const other = ca.client('someone-else');
  files = {
    ca: file('ca.pem', ca.cert),
    cert: file('client.pem', client.cert),
    key: file('client-key.pem', client.key),
    selfCert: file('self.pem', self.cert),
    selfKey: file('self-key.pem', self.key),
    otherCert: file('other.pem', other.cert),
    otherKey: file('other-key.pem', other.key),
  };
  const selfJwk = {
    ...createPublicKey(self.cert).export({ format: 'jwk' }),
    x5c: [new X509Certificate(self.cert).raw.toString('base64')],
  };
  const native = {
    redirect_uris: ['http://127.0.0.1/callback'],
    application_type: 'native',
    grant_types: ['authorization_code'],
    response_types: ['code'],
  };
  op = await startOidcProvider(
    [
      {
        ...native,
        client_id: 'mtls-client',
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: 'CN=mtls-client',
      },
      {
        ...native,
        client_id: 'self-client',
        token_endpoint_auth_method: 'self_signed_tls_client_auth',
        jwks: { keys: [selfJwk] },
      },
    ],
    {},
    { ...ca.server(), ca: ca.cert }
  );
});
afterAll(() => op.close());

/** The code grant: authorization at the provider over HTTP, the token request to its HTTPS port. */
const flow = (args: string[]) =>
  runFlowInProcess(
    [
      'oauth2',
      '--base-url',
      op.issuer,
      '--authorize-path',
      '/auth',
      '--token-path',
      `${op.tlsUrl}/token`,
      '--scope',
      'openid',
      '--no-open',
      '--no-history',
      ...args,
    ],
    op.browse
  );

it('tls_client_auth: the CA-signed certificate on the TLS connection authenticates the client; its subject and thumbprint are shown', async () => {
  const r = await flow([
    '--client-id',
    'mtls-client',
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    files.cert,
    '--client-key',
    files.key,
    '--ca-file',
    files.ca,
  ]);
  expect(r.err).not.toContain('failed at');
  expect(r.code).toBe(0);
  const fingerprint = new X509Certificate(client.cert).fingerprint256;
  expect(r.err).toContain(`client certificate: CN=mtls-client, SHA-256 ${fingerprint}`);
  expect(r.err).not.toContain('BEGIN');
});

it("self_signed_tls_client_auth: a certificate registered by its key in the client's JWKS", async () => {
  const r = await flow([
    '--client-id',
    'self-client',
    '--client-auth',
    'self_signed_tls_client_auth',
    '--client-cert',
    files.selfCert,
    '--client-key',
    files.selfKey,
    '--ca-file',
    files.ca,
  ]);
  expect(r.err).not.toContain('failed at');
  expect(r.code).toBe(0);
  expect(r.err).toContain('client certificate: CN=self-signed-client, SHA-256 ');
});

it('a certificate for another subject is refused by the provider (invalid_client)', async () => {
  const r = await flow([
    '--client-id',
    'mtls-client',
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    files.otherCert,
    '--client-key',
    files.otherKey,
    '--ca-file',
    files.ca,
  ]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/failed at token: .*invalid_client/);
});

it('without --ca-file the private authority is not trusted: the TLS handshake is refused, in words', async () => {
  const r = await flow([
    '--client-id',
    'mtls-client',
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    files.cert,
    '--client-key',
    files.key,
  ]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/failed at token: .*certificate/i);
});

it("a key that is not the certificate's is named before anything is sent to the token endpoint", async () => {
  const r = await flow([
    '--client-id',
    'mtls-client',
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    files.cert,
    '--client-key',
    files.otherKey,
    '--ca-file',
    files.ca,
  ]);
  expect(r.code).toBe(1);
  expect(r.err).toContain('failed at token: The client key does not belong to the client certificate (CN=mtls-client)');
});
