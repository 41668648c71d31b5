import { expect, it } from 'vitest';
import { tlsClientCli } from './tls-client-cli';
import { runFlowCli } from '../flows/run-flow-cli';

/*
 * `oauth-lab flow oauth2 --issuer URL` (discovery first, OIDC Discovery §4) for a tls_client_auth client (RFC 8705
 * §2) against the mock over real sockets: the token request goes to the metadata's
 * mtls_endpoint_aliases.token_endpoint (RFC 8705 §5), the mock's mutual-TLS port, with the certificate; the plain
 * token_endpoint refuses a certificate client. UserInfo goes to its alias too. Without scope openid, or with
 * --base-url and --par, the metadata is read before the authorization request too (for the push), and the token
 * endpoint that is its plain one goes to the alias likewise.
 */

const { h, flags } = tlsClientCli('tls-issuer', 'issuer-tls');

const grant = (...more: string[]) => certificateClient('--issuer', h.base, '--scope', 'openid', ...more);
const certificateClient = (...more: string[]) => ['oauth2', ...flags(), '--no-open', '--no-history', '--json', ...more];
const browse = (url: string) => fetch(url, { redirect: 'follow' });

it("--issuer: the token request goes to the metadata's mutual-TLS alias, said with its source", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(grant(), browse);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toHaveProperty('access_token');
  expect(r.stderr).toContain(
    `token endpoint: ${mtls}/oauth/v2/token (from the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${h.base})`
  );
  expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
  expect(r.stderr).not.toContain(`-> POST ${h.base}/oauth/v2/token`);
  expect(r.stderr).toContain(`-> GET ${mtls}/oidc/userinfo`);
}, 30_000);

it('--issuer with --token-path: the typed path still wins, said as from --token-path', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(grant('--token-path', `${mtls}/oauth/v2/token`), browse);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`token endpoint: ${mtls}/oauth/v2/token (from --token-path)`);
}, 30_000);

const aliasSaid = (mtls: string) =>
  `token endpoint: ${mtls}/oauth/v2/token (from the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${h.base})`;

it('--issuer without scope openid: the metadata read for the push gives the alias', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(certificateClient('--issuer', h.base, '--scope', 'read'), browse);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toHaveProperty('access_token');
  expect(r.stderr).toContain(aliasSaid(mtls));
  expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
}, 30_000);

it('--base-url with --par: the metadata read for the push gives the alias for the default token path', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await runFlowCli(certificateClient('--base-url', h.base, '--scope', 'read', '--par'), browse);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/par`);
  expect(r.stderr).toContain(aliasSaid(mtls));
  expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
}, 30_000);
