import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { createCa, issueClientCertificate, thumbprintS256 } from '../../../../mock-provider/mtls/local-ca';
import { scratchDir } from '../../../support/scratch-dir';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

/*
 * `oauth-lab mcp` with a client certificate (RFC 8705) against the mock over real sockets: the token request goes to
 * the authorization server's mtls_endpoint_aliases (§5), the token comes back bound to the certificate (§3,
 * cnf x5t#S256), and the MCP server on the mock's mutual-TLS port takes it with that certificate; on the plain port,
 * where no certificate can be presented, the same token is refused (§3: the resource verifies the binding over
 * mutual TLS).
 */
const ca = createCa();
const agentCert = issueClientCertificate(ca, 'mcp-agent');
const selfSigned = createCa();
const dir = scratchDir('mcp-mtls-');
const path = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const thumbprintOf = (pem: string) => thumbprintS256(new X509Certificate(pem).raw);
let h: Harness;
let mtls = '';
let signerKey = '';
beforeAll(async () => {
  const signer = await generateKeyPair('ES256', { extractable: true });
  const selfSignedJwk = {
    ...(new X509Certificate(selfSigned.certificate).publicKey.export({ format: 'jwk' }) as object),
    x5c: [new X509Certificate(selfSigned.certificate).raw.toString('base64')],
  };
  h = new Harness({
    autoLoginUser: 'demo',
    tls: { ca },
    configValue: {
      oauth2: {
        clients: [
          { ...C.client },
          {
            id: 'mcp-tls',
            redirectUris: C.client.redirectUris,
            tokenEndpointAuthMethod: 'tls_client_auth',
            tlsClientAuthSubjectDn: 'CN=mcp-agent,O=OAuth Lab mock',
          },
          {
            id: 'mcp-self-signed',
            redirectUris: C.client.redirectUris,
            tokenEndpointAuthMethod: 'self_signed_tls_client_auth',
            jwks: { keys: [selfSignedJwk] },
          },
          {
            id: 'mcp-signed',
            redirectUris: C.client.redirectUris,
            tokenEndpointAuthMethod: 'private_key_jwt',
            jwks: { keys: [{ ...(await exportJWK(signer.publicKey)), kid: 's-1' }] },
          },
        ],
      },
    },
  });
  await h.start();
  mtls = h.provider.mtlsBaseUrl!;
  signerKey = path('signer.jwk', JSON.stringify({ ...(await exportJWK(signer.privateKey)), kid: 's-1' }));
});
afterAll(() => h.stop());

/** The certificate flags: the certificate, its key, and the mock's CA (its mutual-TLS port's server certificate). */
const certificate = (pair: { certificate: string; privateKey: string }, name: string) => [
  '--client-cert',
  path(`${name}.pem`, pair.certificate),
  '--client-key',
  path(`${name}.key`, pair.privateKey),
  '--ca-file',
  path('ca.pem', ca.certificate),
];

/** The issuer (plain port) and the alias (mutual-TLS port) are other origins than the MCP server named. */
const ASIDE = ['--allow-private-targets'];
const ALIASES = 'the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5)';

/** `oauth-lab mcp URL --grant client-credentials` as CLIENT, authenticated by AUTH, with the flags that follow. */
const clientCredentials = (url: string, client: string, auth: string, ...rest: string[]) => [
  url,
  '--grant',
  'client-credentials',
  '--client-id',
  client,
  '--client-auth',
  auth,
  ...rest,
];

/** The mock's tokens issued to a client, with the certificate each is bound to. */
const tokensOf = (clientId: string) =>
  [...h.provider.state.bearerTokens.values()].filter((t) => t.clientId === clientId);

describe('oauth-lab mcp with a client certificate (RFC 8705) against the mock', () => {
  it('tls_client_auth: the token at the mutual-TLS alias, bound to the certificate, taken by /mcp over mutual TLS', async () => {
    const r = await runMcpCli(
      clientCredentials(
        `${mtls}/mcp`,
        'mcp-tls',
        'tls_client_auth',
        ...certificate(agentCert, 'agent'),
        ...ASIDE,
        '--call',
        'whoami'
      )
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Token endpoint: ${mtls}/oauth/v2/token (from ${ALIASES} in the metadata of ${h.base}`);
    expect(r.stderr).toContain('tls_client_auth authenticates the client by its certificate');
    expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
    expect(r.stderr).not.toContain(`-> POST ${h.base}/oauth/v2/token`);
    expect(r.stdout).toContain(`client mcp-tls, scope \\"read\\", resource ${mtls}/mcp"`);
    const bound = tokensOf('mcp-tls');
    expect(bound.length).toBeGreaterThan(0);
    expect(bound.every((t) => t.certificateThumbprint === thumbprintOf(agentCert.certificate))).toBe(true);
  });

  it('a certificate-bound token at /mcp on the plain port is refused: no certificate there to verify (§3)', async () => {
    const r = await runMcpCli(
      clientCredentials(`${h.base}/mcp`, 'mcp-tls', 'tls_client_auth', ...certificate(agentCert, 'agent'), ...ASIDE)
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
    expect(r.stderr).toMatch(/bound to a client certificate \(x5t#S256 [\w-]+\); the request presented none/);
    expect(r.stderr).toContain('RFC 8705 §3');
  });

  it('the alias is a URL the server chose: on another loopback port it is refused unless private targets are allowed', async () => {
    const r = await runMcpCli(
      clientCredentials(`${h.base}/mcp`, 'mcp-tls', 'tls_client_auth', ...certificate(agentCert, 'agent'))
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at token endpoint: mtls_endpoint_aliases.token_endpoint ${mtls}/oauth/v2/token comes from mtls_endpoint_aliases in the authorization server metadata of ${h.base}: a loopback address other than the origin of the MCP server you named`
    );
    expect(r.stderr).not.toContain(`-> POST ${mtls}/oauth/v2/token`);
    expect(r.stderr).not.toContain(`-> POST ${h.base}/oauth/v2/token`);
  });

  it('self_signed_tls_client_auth: a self-signed certificate registered in the client’s jwks (x5c)', async () => {
    const r = await runMcpCli(
      clientCredentials(
        `${mtls}/mcp`,
        'mcp-self-signed',
        'self_signed_tls_client_auth',
        ...certificate(selfSigned, 'self'),
        ...ASIDE
      )
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Token endpoint: ${mtls}/oauth/v2/token (from ${ALIASES}`);
    expect(r.stdout).toContain('whoami');
    expect(tokensOf('mcp-self-signed')[0]?.certificateThumbprint).toBe(thumbprintOf(selfSigned.certificate));
  });

  it('private_key_jwt with a certificate: the token is to be bound, so it too is asked for at the alias', async () => {
    const r = await runMcpCli(
      clientCredentials(
        `${mtls}/mcp`,
        'mcp-signed',
        'private_key_jwt',
        '--private-key',
        signerKey,
        ...certificate(agentCert, 'agent'),
        ...ASIDE
      )
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Token endpoint: ${mtls}/oauth/v2/token (from ${ALIASES}`);
    expect(r.stderr).toContain('tls_client_certificate_bound_access_tokens');
    expect(r.stderr).toContain(`"aud":"${mtls}/oauth/v2/token"`);
    expect(tokensOf('mcp-signed')[0]?.certificateThumbprint).toBe(thumbprintOf(agentCert.certificate));
  });

  it('the authorization code grant with tls_client_auth: the browser at the authorization endpoint, the code redeemed at the alias', async () => {
    const r = await runMcpCli([
      `${mtls}/mcp`,
      '--client-id',
      'mcp-tls',
      '--client-auth',
      'tls_client_auth',
      ...certificate(agentCert, 'agent'),
      ...ASIDE,
      '--no-open',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toHaveLength(1);
    expect(new URL(r.opened[0]!).origin).toBe(h.base);
    expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
    expect(tokensOf('mcp-tls').at(-1)?.username).toBe('demo');
  });

  it('a saved token of a tls_client_auth client is refreshed at the alias it came from', async () => {
    const store = scratchDir('mcp-mtls-store-');
    const args = [
      `${mtls}/mcp`,
      '--client-id',
      'mcp-tls',
      '--client-auth',
      'tls_client_auth',
      ...certificate(agentCert, 'agent'),
      ...ASIDE,
      '--no-open',
    ];
    expect((await runMcpCli(args, store)).code).toBe(0);
    const app = createAppStore({ cwd: store });
    const profile = app.profilesList(undefined).find((p) => p.baseUrl === `${mtls}/mcp`)!;
    const [saved] = app.tokensList({ profileId: profile.id });
    app.tokenSave({ token: { ...saved!, expiresAt: Date.now() - 1000 } });
    const r = await runMcpCli(args, store);
    expect(r.code, r.stderr).toBe(0);
    expect(r.opened).toEqual([]);
    expect(r.stderr).toContain(`Refresh the saved token (RFC 6749 §6), resource ${mtls}/mcp`);
    expect(r.stderr).toContain(`-> POST ${mtls}/oauth/v2/token`);
  });

  it('a client without a certificate keeps the plain token endpoint', async () => {
    const r = await runMcpCli([
      `${h.base}/mcp`,
      '--grant',
      'client-credentials',
      '--client-id',
      C.client.id,
      '--client-secret',
      C.client.secret!,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`-> POST ${h.base}/oauth/v2/token`);
    expect(r.stderr).not.toContain(mtls);
  });
});
