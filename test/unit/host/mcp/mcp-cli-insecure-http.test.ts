import { afterEach, describe, expect, it } from 'vitest';
import { authorizationServer, HostileMcp, unauthorized } from '../../../support/hostile-mcp';
import { runCli } from '../cli/run-cli';
import { runMcpCli } from './run-mcp-cli';

// MCP 2025-11-25 "Communication Security": every authorization server endpoint is https. An authorization server
// on plain http off loopback would receive the client secret, the code and the verifier in cleartext: refused in
// the words of `oauth-lab discover` (one check), unless --allow-insecure-http says otherwise.
let server: HostileMcp | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

const INSECURE = 'http://as.example.test';
const REFUSAL = `token_endpoint is "${INSECURE}/token": http on a non-loopback host; the metadata requires https URLs (OIDC Discovery §3, RFC 8414 §2), so it is not used.`;

/** An MCP server on loopback that is its own authorization server, whose token endpoint is plain http elsewhere. */
const insecureTokenEndpoint = (base: string) => ({
  '/mcp': unauthorized(`${base}/.well-known/oauth-protected-resource/mcp`),
  '/.well-known/oauth-protected-resource/mcp': { body: { resource: `${base}/mcp`, authorization_servers: [base] } },
  '/.well-known/oauth-authorization-server': authorizationServer(base, { token: `${INSECURE}/token` }),
  '/.well-known/openid-configuration': {
    body: {
      ...(authorizationServer(base, { token: `${INSECURE}/token` }).body as object),
      jwks_uri: `${base}/jwks`,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    },
  },
});

describe('oauth-lab mcp: an authorization server on plain http off loopback', () => {
  it('is refused with the words of oauth-lab discover, before any authorization; exit 1', async () => {
    server = await new HostileMcp(insecureTokenEndpoint).start();
    const discovered = await runCli(['discover', server.base, '--kind', 'oauth']);
    expect(discovered.out).toContain(REFUSAL);
    const r = await runMcpCli([`${server.base}/mcp`, '--client-id', 'c', '--no-open', '--wait-timeout', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed at authorization server metadata: ${REFUSAL}`);
    expect(r.stderr).toContain('--allow-insecure-http');
    expect(r.opened).toEqual([]);
  });
  it('an authorization_servers entry on plain http off loopback is refused before it is fetched', async () => {
    server = await new HostileMcp((base) => ({
      '/mcp': unauthorized(`${base}/.well-known/oauth-protected-resource/mcp`),
      '/.well-known/oauth-protected-resource/mcp': {
        body: { resource: `${base}/mcp`, authorization_servers: [INSECURE] },
      },
    })).start();
    const r = await runMcpCli([`${server.base}/mcp`, '--client-id', 'c', '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at authorization server metadata: authorization server is "${INSECURE}": http on a non-loopback host; the metadata requires https URLs`
    );
    expect(r.stderr).not.toContain(`GET ${INSECURE}`);
  });
  it('--allow-insecure-http uses it, saying what travels in cleartext', async () => {
    server = await new HostileMcp(insecureTokenEndpoint).start();
    const r = await runMcpCli([`${server.base}/mcp`, '--allow-insecure-http', '--no-open']);
    expect(r.stderr).toContain(
      `token_endpoint is "${INSECURE}/token": http on a non-loopback host, used because plain http was allowed: the client secret, the authorization code, the PKCE verifier and the tokens sent there travel in cleartext`
    );
    // Past the metadata: no client was given and the server registers none, so the run stops at registration.
    expect(r.stderr).toContain('failed at registration:');
    expect(r.code).toBe(1);
  });
});
