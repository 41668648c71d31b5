import { createHash, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { runMcpCli } from '../unit/host/mcp/run-mcp-cli';
import { MTLS, SECRET_AND_JWT_METHODS } from '../support/node-oidc-provider';
import { scratchDir } from '../support/scratch-dir';
import { createTestCa } from '../support/test-ca';

/**
 * Interop: `oauth-lab mcp --grant client-credentials --client-auth tls_client_auth` against node-oidc-provider (panva,
 * nobody here wrote it) as the MCP server's authorization server: its metadata names the token endpoint again on its
 * HTTPS port in mtls_endpoint_aliases (RFC 8705 §5), where it asks for the client's certificate, and it binds the
 * JWT access token to that certificate (§3, cnf x5t#S256). The MCP server is this test's: an HTTPS server asking for
 * a client certificate, with the SDK's server answering MCP, that takes a token only when its signature verifies by
 * the provider's JWKS, its aud is the MCP server and its cnf names the certificate of the connection (§3.1).
 */
const ca = createTestCa();
const agent = ca.client('mcp-agent');
const dir = scratchDir('mcp-mtls-op-');
const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
const servers: { close(cb: () => void): unknown }[] = [];
let issuer = '';
let tlsIssuer = '';
let mcpUrl = '';
/** The thumbprints the MCP server verified tokens against, one per request it took. */
const verified: string[] = [];

const listen = async <S extends Server>(server: S): Promise<number> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return (server.address() as { port: number }).port;
};

/** RFC 8705 §3.1: the SHA-256 thumbprint of the certificate's DER, base64url. */
const thumbprintOf = (der: Buffer) => createHash('sha256').update(der).digest('base64url');

beforeAll(async () => {
  const server = createServer();
  issuer = `http://127.0.0.1:${await listen(server)}`;
  const tls = createHttpsServer({ ...ca.server(), ca: ca.cert, requestCert: true, rejectUnauthorized: false });
  tlsIssuer = `https://127.0.0.1:${await listen(tls)}`;
  const mcp = createHttpsServer({ ...ca.server(), ca: ca.cert, requestCert: true, rejectUnauthorized: false });
  mcpUrl = `https://127.0.0.1:${await listen(mcp)}/mcp`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'mcp-agent',
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: 'CN=mcp-agent',
        tls_client_certificate_bound_access_tokens: true,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'mcp:tools',
      },
    ],
    clientAuthMethods: [...SECRET_AND_JWT_METHODS, 'tls_client_auth'],
    cookies: { keys: ['interop-test-cookie-key'] },
    scopes: ['openid', 'mcp:tools'],
    ttl: { ClientCredentials: 600 },
    discovery: { mtls_endpoint_aliases: { token_endpoint: `${tlsIssuer}/token` } },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      mTLS: { ...MTLS, certificateBoundAccessTokens: true },
      // RFC 8707: the token is a JWT for the MCP server, the only resource served.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx: unknown, resource: unknown) => {
          if (resource !== mcpUrl) throw new Error(`unknown resource ${String(resource)}`);
          return { scope: 'mcp:tools', audience: mcpUrl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  server.on('request', provider.callback());
  tls.on('request', provider.callback());
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  mcp.on('request', (req, res) => void answerMcp(req, res, jwks));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
});

const metadataUrl = () => `${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`;

/** 401 with the challenge RFC 9728 §5.1 and RFC 6750 §3 describe. */
function refuse(res: ServerResponse, error: string | null, why: string): void {
  const params = [`resource_metadata="${metadataUrl()}"`, ...(error ? [`error="${error}"`] : [])];
  res.writeHead(401, { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: error ?? 'unauthorized', error_description: why }));
}

/** The MCP server: its protected resource metadata (RFC 9728), and /mcp behind the certificate-bound token check. */
async function answerMcp(
  req: IncomingMessage,
  res: ServerResponse,
  jwks: ReturnType<typeof createRemoteJWKSet>
): Promise<void> {
  if (req.method === 'GET' && req.url === new URL(metadataUrl()).pathname) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ['mcp:tools'] }));
    return;
  }
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return refuse(res, null, 'No access token.');
  const raw = (req.socket as TLSSocket).getPeerCertificate().raw as Buffer | undefined;
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer, audience: mcpUrl });
    const bound = (payload.cnf as Record<string, unknown> | undefined)?.['x5t#S256'];
    if (!raw || bound !== thumbprintOf(raw))
      return refuse(res, 'invalid_token', 'Not the certificate the token is bound to.');
    verified.push(bound);
  } catch (e) {
    return refuse(res, 'invalid_token', (e as Error).message);
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const server = new McpServer({ name: 'mtls-server', version: '1.0.0' });
  server.registerTool('ping_bound', { description: 'Answers when the token is bound' }, () => ({
    content: [{ type: 'text', text: 'bound' }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
}

it("tls_client_auth: the token from node-oidc-provider's mutual-TLS alias, bound to the certificate, taken by the MCP server", async () => {
  const r = await runMcpCli([
    mcpUrl,
    '--grant',
    'client-credentials',
    '--client-id',
    'mcp-agent',
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    file('agent.pem', agent.cert),
    '--client-key',
    file('agent-key.pem', agent.key),
    '--ca-file',
    file('ca.pem', ca.cert),
    '--allow-private-targets',
    '--call',
    'ping_bound',
  ]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(
    `Token endpoint: ${tlsIssuer}/token (from the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${issuer})`
  );
  expect(r.stderr).toContain(`-> POST ${tlsIssuer}/token`);
  expect(r.stdout).toContain('ping_bound');
  expect(r.stdout).toContain('"text": "bound"');
  const expected = thumbprintOf(new X509Certificate(agent.cert).raw);
  expect(verified.length).toBeGreaterThan(0);
  expect(verified.every((t) => t === expected)).toBe(true);
});
