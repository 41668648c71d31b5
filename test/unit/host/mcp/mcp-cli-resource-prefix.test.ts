import { afterEach, describe, expect, it } from 'vitest';
import { authorizationServer, HostileMcp, unauthorized } from '../../../support/hostile-mcp';
import { runMcpCli } from './run-mcp-cli';

// RFC 9728 §3.3: protected resource metadata names exactly the resource it was fetched for. A server at /tenant/mcp
// whose metadata names the whole origin would get a token good on every path of it (MCP "Resource Parameter
// Implementation"); only the origin's own document at the root well-known URL speaks for the origin.
let server: HostileMcp | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

const client = ['--client-id', 'tenant-client', '--no-open', '--wait-timeout', '5'];

describe('oauth-lab mcp: the resource of the protected resource metadata', () => {
  it("refuses a document the challenge points at that names only the origin of the server's URL", async () => {
    server = await new HostileMcp((base) => ({
      '/tenant/mcp': unauthorized(`${base}/.well-known/oauth-protected-resource/tenant/mcp`),
      '/.well-known/oauth-protected-resource/tenant/mcp': { body: { resource: base, authorization_servers: [base] } },
      '/.well-known/oauth-authorization-server': authorizationServer(base),
    })).start();
    const r = await runMcpCli([`${server.base}/tenant/mcp`, ...client]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at resource metadata: resource ${server.base} does not name the MCP server: it is not ${server.base}/tenant/mcp`
    );
    expect(r.stderr).toContain("it names only a prefix of the MCP server's URL");
    expect(r.opened).toEqual([]);
    expect(server.received.map((q) => q.target)).toEqual([
      '/tenant/mcp',
      '/.well-known/oauth-protected-resource/tenant/mcp',
    ]);
  });
  it('refuses the same document at the path-inserted well-known URL', async () => {
    server = await new HostileMcp((base) => ({
      '/tenant/mcp': { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="t"' } },
      '/.well-known/oauth-protected-resource/tenant/mcp': { body: { resource: base, authorization_servers: [base] } },
      '/.well-known/oauth-authorization-server': authorizationServer(base),
    })).start();
    const r = await runMcpCli([`${server.base}/tenant/mcp`, ...client]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed at resource metadata:');
    expect(r.opened).toEqual([]);
  });
  it("takes the origin's own document at the root well-known URL, saying the token is good on the whole origin", async () => {
    server = await new HostileMcp((base) => ({
      '/tenant/mcp': { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="t"' } },
      '/.well-known/oauth-protected-resource': { body: { resource: base, authorization_servers: [base] } },
      '/.well-known/oauth-authorization-server': authorizationServer(base),
    })).start();
    const r = await runMcpCli([`${server.base}/tenant/mcp`, '--no-open']);
    expect(r.stderr).toContain(`resource ${server.base} is ${server.base}, the resource the origin's well-known URL`);
    expect(r.stderr).toContain(`names the whole origin ${server.base}: the token asked for is good on every path`);
    // Past the resource check: no client was given and the server registers none, so the run stops there.
    expect(r.stderr).toContain('failed at registration:');
    expect(r.code).toBe(1);
  });
});
