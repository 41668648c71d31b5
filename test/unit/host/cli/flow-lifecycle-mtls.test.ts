import { expect, it } from 'vitest';
import { tlsClientCli } from './tls-client-cli';
import { runFlowCli } from '../flows/run-flow-cli';

/*
 * `oauth-lab flow oauth2 --lifecycle` for a tls_client_auth client (RFC 8705 §2) against the mock over real sockets:
 * revocation and introspection go where the mock asks for the certificate, its mutual-TLS port (the metadata's
 * mtls_endpoint_aliases, RFC 8705 §5); the plain port refuses a certificate client.
 */

const { h, flags } = tlsClientCli('tls-life', 'life-tls');

const grant = (...more: string[]) => [
  'oauth2',
  '--base-url',
  h.base,
  '--token-path',
  `${h.provider.mtlsBaseUrl!}/oauth/v2/token`,
  ...flags(),
  '--scope',
  'read',
  '--no-open',
  '--no-history',
  '--lifecycle',
  ...more,
];
const browse = (url: string) => fetch(url, { redirect: 'follow' });

it("no flags: revocation and introspection at the metadata's mutual-TLS aliases, with the certificate", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(grant(), browse);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`revocation endpoint: ${mtls}/oidc/revoke (from the mutual-TLS aliases`);
  expect(r.stderr).toContain(`-> POST ${mtls}/oidc/introspect`);
}, 30_000);

it('typed paths (--revocation-endpoint, --introspection-endpoint) that the metadata aliases go to the mutual-TLS port', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(
    grant('--revocation-endpoint', '/oidc/revoke', '--introspection-endpoint', '/oidc/introspect'),
    browse
  );
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`-> POST ${mtls}/oidc/revoke`);
  expect(r.stderr).toContain(`-> POST ${mtls}/oidc/introspect`);
  expect(r.stderr).not.toContain(`-> POST ${h.base}/oidc/`);
  expect(r.stderr).toContain(`introspection endpoint: ${mtls}/oidc/introspect (from the mutual-TLS aliases`);
  expect(r.stderr).toContain('Token lifecycle: introspection after the revocation');
}, 30_000);
