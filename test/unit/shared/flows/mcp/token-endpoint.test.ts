import { describe, expect, it } from 'vitest';
import type { Check } from '../../../../../shared/check';
import type { Discovered } from '../../../../../shared/flows/mcp/discovery-leg';
import type { McpChainPorts, McpClient } from '../../../../../shared/flows/mcp/ports';
import { tokenEndpointFor } from '../../../../../shared/flows/mcp/token-endpoint';
import { STRICT_TARGETS } from '../../../../../shared/mcp/targets';
import { nodeCrypto, nodeRandom } from '../../../../../platform/node/node-crypto';

/**
 * Which token endpoint the MCP chain sends to (RFC 8705 §5): the metadata's mutual-TLS alias for a client that uses
 * mutual TLS, the token endpoint itself when the metadata names no alias, and the plain one otherwise; the socket
 * runs are in test/unit/host/mcp/mcp-cli-mtls.test.ts.
 */
const ISSUER = 'https://as.example.com';
const discovered = (over: Partial<Discovered> = {}): Discovered => ({
  resource: 'https://mcp.example.com/mcp',
  issuer: ISSUER,
  endpoints: { authorization: `${ISSUER}/authorize`, token: `${ISSUER}/token`, registration: null },
  scopesSupported: null,
  cimdSupported: false,
  issParameterSupported: false,
  authMethods: ['tls_client_auth'],
  mtlsAliases: {
    token: 'https://mtls.as.example.com/token',
    revocation: null,
    introspection: null,
    deviceAuthorization: null,
    userinfo: null,
  },
  certificateBoundTokens: false,
  ...over,
});
const client = (authentication: McpClient['authentication']): McpClient => ({
  clientId: 'agent',
  clientSecret: '',
  authentication,
});

/** The chain's ports as far as the choice uses them: what it reports, kept. */
function reporting() {
  const lines: string[] = [];
  const checks: Check[] = [];
  const unused = () => Promise.reject(new Error('not used by the choice'));
  const ports: McpChainPorts = {
    send: unused,
    redirectUri: unused,
    authorizeInBrowser: unused,
    report: {
      step: (title) => lines.push(`== ${title}`),
      checks: (c) => checks.push(...c),
      line: (text) => lines.push(text),
      assertion: () => {},
    },
    random: nodeRandom,
    crypto: nodeCrypto,
    now: () => 0,
  };
  return { ports, lines, checks };
}

const choose = (d: Discovered, c: McpClient, certificate: boolean, r = reporting()) =>
  tokenEndpointFor(d, c, certificate, 'https://mcp.example.com/mcp', STRICT_TARGETS, r.ports);

describe('the MCP chain’s token endpoint (RFC 8705 §5)', () => {
  it('tls_client_auth: the alias, said with its reason', () => {
    const r = reporting();
    expect(choose(discovered(), client('tls_client_auth'), true, r)).toBe('https://mtls.as.example.com/token');
    expect(r.lines).toContain('== The token endpoint for mutual TLS (RFC 8705 §5)');
    expect(r.lines.join('\n')).toContain(
      `Token endpoint: https://mtls.as.example.com/token (from the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${ISSUER}): tls_client_auth authenticates the client by its certificate (RFC 8705 §2).`
    );
    expect(r.checks.every((c) => c.ok)).toBe(true);
  });

  it('a certificate client without aliases: the token endpoint itself, saying so', () => {
    const r = reporting();
    const d = discovered({ mtlsAliases: null });
    expect(choose(d, client('self_signed_tls_client_auth'), true, r)).toBe(`${ISSUER}/token`);
    expect(r.lines.join('\n')).toContain(
      'the metadata names no mtls_endpoint_aliases, so the token endpoint itself takes the certificate (RFC 8705 §5).'
    );
  });

  it('another method with a certificate: the alias only where the server binds tokens (§3)', () => {
    expect(choose(discovered(), client('private_key_jwt'), true)).toBe(`${ISSUER}/token`);
    const r = reporting();
    const binding = discovered({ certificateBoundTokens: true });
    expect(choose(binding, client('private_key_jwt'), true, r)).toBe('https://mtls.as.example.com/token');
    expect(r.lines.join('\n')).toContain('tls_client_certificate_bound_access_tokens');
  });

  it('without a certificate: the token endpoint, nothing said', () => {
    const r = reporting();
    expect(choose(discovered({ certificateBoundTokens: true }), client('basic'), false, r)).toBe(`${ISSUER}/token`);
    expect(r.lines).toEqual([]);
  });

  it('an alias on plain http off loopback is refused, as the server’s other URLs are', () => {
    const d = discovered({
      mtlsAliases: {
        token: 'http://mtls.as.example.com/token',
        revocation: null,
        introspection: null,
        deviceAuthorization: null,
        userinfo: null,
      },
    });
    expect(() => choose(d, client('tls_client_auth'), true)).toThrow(/mtls_endpoint_aliases\.token_endpoint/);
  });
});
