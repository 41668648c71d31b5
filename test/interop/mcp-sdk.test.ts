import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { C, Harness } from '../unit/mock-provider/helpers';
import { runMcpCli } from '../unit/host/mcp/run-mcp-cli';

/**
 * MCP authorization between independent implementations, over sockets: `oauth-lab mcp` against a server built on
 * @modelcontextprotocol/sdk's server-side helpers (its authorization router with DCR, its bearer middleware, its
 * streamable HTTP transport answering with event streams); and the SDK's own client against the mock's MCP endpoint.
 */
describe('oauth-lab mcp against an MCP server built on the SDK', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = createMcpExpressApp();
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const mcpUrl = new URL(`${base}/mcp`);
    // Tokens only for this server's resource (RFC 8707), as the SDK's demo provider checks it when asked to.
    const provider = new DemoInMemoryAuthProvider((resource) => resource?.href === mcpUrl.href);
    app.use(
      mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] })
    );
    const auth = requireBearerAuth({
      verifier: provider,
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    });
    app.post('/mcp', auth, async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const mcp = new McpServer({ name: 'sdk-server', version: '1.0.0' });
      mcp.registerTool(
        'add',
        { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
        ({ a, b }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        })
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      await mcp.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('registers by DCR, authorizes with PKCE and resource, lists the tools and calls one (event-stream answers)', async () => {
    const r = await runMcpCli([`${base}/mcp`, '--no-open', '--json', '--call', 'add', '--arguments', '{"a":2,"b":3}']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { name: string }[]; result: { content: { text: string }[] } };
    expect(out.tools.map((t) => t.name)).toEqual(['add']);
    expect(out.result.content[0]!.text).toBe('5');
    expect(r.stderr).toContain(`Dynamic client registration (RFC 7591) at ${base}/register.`);
    expect(new URL(r.opened[0]!).searchParams.get('resource')).toBe(`${base}/mcp`);
    expect(new URL(r.opened[0]!).searchParams.get('scope')).toBe('mcp:tools');
    // The SDK's server speaks 2025-11-25: it refuses server/discover's version, and the client falls back.
    expect(r.stderr).toMatch(
      /The server does not speak 2026-07-28: server\/discover was answered HTTP 400 \(JSON-RPC error -?\d+: .*Unsupported protocol version.*\); trying 2025-11-25/
    );
    expect(r.stderr).toContain('MCP protocol version 2025-11-25 (the newest the server speaks).');
  });
});

describe("the SDK's client against the mock's MCP endpoint", () => {
  const h = new Harness({ autoLoginUser: 'demo' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('discovers, authorizes with the pre-registered client, and lists and calls the tools', async () => {
    const redirect = C.client.redirectUris[0];
    let tokens: OAuthTokens | undefined;
    let verifier = '';
    let authorizationUrl: URL | null = null;
    const provider: OAuthClientProvider = {
      redirectUrl: redirect,
      clientMetadata: { redirect_uris: [redirect], client_name: 'sdk client' },
      clientInformation: (): OAuthClientInformationMixed => ({
        client_id: C.client.id,
        client_secret: C.client.secret,
      }),
      tokens: () => tokens,
      saveTokens: (t) => void (tokens = t),
      redirectToAuthorization: (url) => void (authorizationUrl = url),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
      // The mock requires state (interface §4.2); the SDK sends one when its provider gives it.
      state: () => 'sdk-state',
    };
    const url = new URL(`${h.base}/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: 'sdk', version: '1.0.0' }).connect(first)).rejects.toThrow(UnauthorizedError);
    const asked = authorizationUrl as URL | null;
    expect(asked!.searchParams.get('resource')).toBe(`${h.base}/mcp`);
    // The browser: the mock approves at once (auto-login) and redirects with the code.
    const landed = await fetch(asked!, { redirect: 'manual' });
    const code = new URL(landed.headers.get('location')!).searchParams.get('code')!;
    await first.finishAuth(code);

    const client = new Client({ name: 'sdk', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['whoami', 'write_note']);
    const answer = await client.callTool({ name: 'whoami', arguments: {} });
    expect(answer.content).toEqual([
      { type: 'text', text: `user demo, client ${C.client.id}, scope "read", resource ${h.base}/mcp` },
    ]);
    await client.close();
  });
});
