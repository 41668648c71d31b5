import { describe, expect, it } from 'vitest';
import {
  authorizationServerMetadataUrls,
  legacyAuthorizationBase,
  protectedResourceMetadataUrls,
} from '../../../../shared/mcp/discovery-urls';
import { checkAuthorizationServerMetadata, checkResourceMetadata } from '../../../../shared/mcp/metadata-checks';
import { canonicalResource, expectedResource, sameResource } from '../../../../shared/mcp/resource-url';

describe('where an MCP client looks (MCP 2025-11-25, in order)', () => {
  it('protected resource metadata: path inserted, then the root', () => {
    expect(protectedResourceMetadataUrls('https://mcp.example.com/public/mcp?x=1')).toEqual([
      'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceMetadataUrls('https://mcp.example.com/')).toEqual([
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
  });
  it('authorization server metadata: three URLs for an issuer with a path, two without', () => {
    expect(authorizationServerMetadataUrls('https://auth.example.com/tenant1')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
    expect(authorizationServerMetadataUrls('https://auth.example.com')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });
  it('2025-03-26: the server origin and its default endpoints', () => {
    expect(legacyAuthorizationBase('http://127.0.0.1:8080/v1/mcp')).toEqual({
      issuer: 'http://127.0.0.1:8080',
      metadataUrl: 'http://127.0.0.1:8080/.well-known/oauth-authorization-server',
      endpoints: {
        authorization: 'http://127.0.0.1:8080/authorize',
        token: 'http://127.0.0.1:8080/token',
        registration: 'http://127.0.0.1:8080/register',
      },
    });
  });
});

describe('resource checks (RFC 8707 §2, RFC 9728 §3.3)', () => {
  it('canonical form; the resource expected by where the document was fetched (RFC 9728 §3.3)', () => {
    expect(canonicalResource('HTTPS://MCP.Example.com:443/mcp/')).toBe('https://mcp.example.com/mcp');
    expect(sameResource('HTTPS://MCP.example.com/mcp/', 'https://mcp.example.com/mcp')).toBe(true);
    expect(sameResource('https://mcp.example.com', 'https://mcp.example.com/mcp')).toBe(false);
    expect(sameResource('not a url', 'https://mcp.example.com/mcp')).toBe(false);
    const server = 'https://mcp.example.com/tenant/mcp';
    expect(expectedResource(server, 'challenge')).toBe(server);
    expect(expectedResource(server, 'path-inserted')).toBe(server);
    expect(expectedResource(server, 'root')).toBe('https://mcp.example.com');
  });
  it("a prefix of the server's URL is refused unless the origin's own document names the origin", () => {
    const doc = { resource: 'https://mcp.example.com', authorization_servers: ['https://auth.example.com'] };
    const server = 'https://mcp.example.com/tenant/mcp';
    for (const source of ['challenge', 'path-inserted'] as const) {
      const widened = checkResourceMetadata(doc, server, source);
      expect(widened).toMatchObject({ ok: false, resource: null });
      expect(widened.checks.find((c) => !c.ok)!.message).toContain("names only a prefix of the MCP server's URL");
    }
    const root = checkResourceMetadata(doc, server, 'root');
    expect(root).toMatchObject({ ok: true, resource: 'https://mcp.example.com' });
    expect(root.checks.find((c) => c.kind === 'warning')!.message).toMatch(/good on every path of it/);
  });
  it('protected resource metadata naming another server, or no authorization server, is refused', () => {
    const good = checkResourceMetadata(
      { resource: 'https://mcp.example.com/mcp', authorization_servers: ['https://auth.example.com'] },
      'https://mcp.example.com/mcp',
      'challenge'
    );
    expect(good).toMatchObject({ ok: true, resource: 'https://mcp.example.com/mcp', scopesSupported: null });
    const evil = checkResourceMetadata(
      { resource: 'https://evil.example.com/mcp', authorization_servers: ['https://auth.example.com'] },
      'https://mcp.example.com/mcp',
      'challenge'
    );
    expect(evil.ok).toBe(false);
    expect(evil.checks.find((c) => !c.ok)!.message).toMatch(/does not name the MCP server/);
    const none = checkResourceMetadata(
      { resource: 'https://mcp.example.com/mcp' },
      'https://mcp.example.com/mcp',
      'path-inserted'
    );
    expect(none.checks.find((c) => !c.ok)!.name).toBe('authorization_servers');
  });
  it('authorization server metadata without S256, or with another issuer, is refused', () => {
    const doc = {
      issuer: 'https://auth.example.com',
      authorization_endpoint: 'https://auth.example.com/authorize',
      token_endpoint: 'https://auth.example.com/token',
      code_challenge_methods_supported: ['S256'],
    };
    expect(checkAuthorizationServerMetadata(doc, 'https://auth.example.com')).toMatchObject({
      ok: true,
      authMethods: ['client_secret_basic'],
      cimdSupported: false,
      endpoints: { registration: null },
    });
    const noPkce = checkAuthorizationServerMetadata(
      { ...doc, code_challenge_methods_supported: undefined },
      'https://auth.example.com'
    );
    expect(noPkce.ok).toBe(false);
    expect(noPkce.checks.find((c) => !c.ok)!.message).toMatch(/refuse to proceed/);
    expect(
      checkAuthorizationServerMetadata(
        { ...doc, code_challenge_methods_supported: ['plain'] },
        'https://auth.example.com'
      ).ok
    ).toBe(false);
    expect(checkAuthorizationServerMetadata(doc, 'https://other.example.com').ok).toBe(false);
    expect(checkAuthorizationServerMetadata(doc, 'https://other.example.com', { legacy: true }).ok).toBe(true);
    // A grant without an authorization code uses no PKCE: its absence is a note, not a refusal.
    const machine = checkAuthorizationServerMetadata(
      { ...doc, code_challenge_methods_supported: undefined },
      'https://auth.example.com',
      { grant: 'client-credentials' }
    );
    expect(machine.ok).toBe(true);
    expect(machine.checks.find((c) => c.name === 'PKCE S256')).toMatchObject({ ok: true, kind: 'note' });
  });
});
