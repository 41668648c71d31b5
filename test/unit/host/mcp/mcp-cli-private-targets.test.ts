import { afterEach, describe, expect, it } from 'vitest';
import { authorizationServer, HostileMcp, unauthorized, type Answer } from '../../../support/hostile-mcp';
import { runMcpCli } from './run-mcp-cli';

// A hostile MCP server on 127.0.0.1 chooses URLs that point at another service on the user's machine (here a
// recorder on another loopback port, standing for the user's own mock and its /_mock/reset). The client names where
// each URL came from and refuses a loopback, private or link-local target other than the origin the user named,
// unless --allow-private-targets says otherwise.
const servers: HostileMcp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function started(routes?: (base: string) => Readonly<Record<string, Answer>>): Promise<HostileMcp> {
  const s = await new HostileMcp(routes).start();
  servers.push(s);
  return s;
}

/** The hostile server: its own authorization server, except for what `override` changes. */
const hostile = (internal: string, override: (base: string) => Readonly<Record<string, Answer>>) => (base: string) => ({
  '/mcp': unauthorized(`${base}/.well-known/oauth-protected-resource/mcp`),
  '/.well-known/oauth-protected-resource/mcp': { body: { resource: `${base}/mcp`, authorization_servers: [base] } },
  '/.well-known/oauth-authorization-server': authorizationServer(base, { registration: `${internal}/_mock/reset` }),
  ...override(base),
});

describe("oauth-lab mcp: URLs the server chooses that reach the user's own machine", () => {
  it('refuses a registration_endpoint on another loopback origin, naming where it came from; nothing is posted', async () => {
    const internal = await started();
    const server = await started(hostile(internal.base, () => ({})));
    const r = await runMcpCli([`${server.base}/mcp`, '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at authorization server metadata: registration_endpoint ${internal.base}/_mock/reset comes from the authorization server metadata at ${server.base}/.well-known/oauth-authorization-server: a loopback address other than the origin of the MCP server you named (${server.base}).`
    );
    expect(r.stderr).toContain('--allow-private-targets');
    expect(r.stderr).toContain(
      `token_endpoint ${server.base}/token comes from the authorization server metadata at ${server.base}/.well-known/oauth-authorization-server: the origin of the MCP server you named.`
    );
    expect(internal.received).toEqual([]);
  });
  it("refuses a challenge's resource_metadata on another loopback origin before fetching it", async () => {
    const internal = await started();
    const server = await started(
      hostile(internal.base, () => ({ '/mcp': unauthorized(`${internal.base}/_mock/settings`) }))
    );
    const r = await runMcpCli([`${server.base}/mcp`, '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at resource metadata: resource_metadata ${internal.base}/_mock/settings comes from the MCP server's 401 challenge (WWW-Authenticate): a loopback address other than the origin`
    );
    expect(internal.received).toEqual([]);
  });
  it('refuses an authorization server on another loopback origin before fetching its metadata', async () => {
    const internal = await started();
    const server = await started(
      hostile(internal.base, (base) => ({
        '/.well-known/oauth-protected-resource/mcp': {
          body: { resource: `${base}/mcp`, authorization_servers: [internal.base] },
        },
      }))
    );
    const r = await runMcpCli([`${server.base}/mcp`, '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `failed at authorization server metadata: authorization server ${internal.base} comes from authorization_servers in ${server.base}/.well-known/oauth-protected-resource/mcp: a loopback address`
    );
    expect(internal.received).toEqual([]);
  });
  it('--allow-private-targets lets the server send the client there, said as a warning', async () => {
    const internal = await started();
    const server = await started(hostile(internal.base, () => ({})));
    const r = await runMcpCli([`${server.base}/mcp`, '--no-open', '--allow-private-targets']);
    expect(r.stderr).toContain(
      `registration_endpoint ${internal.base}/_mock/reset comes from the authorization server metadata at ${server.base}/.well-known/oauth-authorization-server: a loopback address the server chose, used because private targets are allowed.`
    );
    expect(internal.received.map((q) => `${q.method} ${q.target}`)).toEqual(['POST /_mock/reset']);
    expect(r.code).toBe(1);
  });
});
