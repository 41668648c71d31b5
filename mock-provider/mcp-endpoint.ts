import { MCP_PROTOCOL_VERSION } from '../shared/mcp/json-rpc';
import { APP_VERSION } from '../shared/version';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { jsonReply, reply, type ProviderRequest } from './http';
import { ASSUME_MCP, MCP_BASE_SCOPE, mcpRefusal, mcpToken, missingScopes } from './mcp-protection';
import { statelessWire } from './mcp-stateless';
import { STATELESS_PROTOCOL_VERSION } from '../shared/mcp/stateless-wire';
import type { BearerToken } from './state';

/**
 * Mock-only: a small MCP server over streamable HTTP (MCP 2025-11-25, "Transports"), answering every message with
 * a JSON body (the transport allows JSON or an event stream) and keeping no session: initialize, tools/list, and
 * two tools, one of which needs the scope write (a step-up for a client that asked only for read). It speaks
 * 2026-07-28's stateless wire too (./mcp-stateless.ts): server/discover, and every request on its own.
 */
const endpoint = 'mcp.endpoint';
const VERSIONS = ['2025-03-26', '2025-06-18', MCP_PROTOCOL_VERSION];

interface Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly scopes: readonly string[];
  readonly run: (token: BearerToken, args: Readonly<Record<string, unknown>>) => string;
}

const TOOLS: readonly Tool[] = [
  {
    name: 'whoami',
    description: 'Who the access token speaks for: user, client, scope and resource (needs scope read).',
    inputSchema: { type: 'object', properties: {} },
    scopes: [MCP_BASE_SCOPE],
    run: (t) => `user ${t.username}, client ${t.clientId}, scope "${t.scope}", resource ${t.resource ?? '(none)'}`,
  },
  {
    name: 'write_note',
    description: 'Pretends to save a note (needs scope write: a step-up for a token with read only).',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    scopes: [MCP_BASE_SCOPE, 'write'],
    run: (t, args) => `note saved for ${t.username}: ${typeof args.text === 'string' ? args.text : ''}`,
  },
];

const rpc = (id: unknown, body: Record<string, unknown>, message: string): Handled => ({
  endpoint,
  reply: jsonReply(200, { jsonrpc: '2.0', id, ...body }),
  verdict: 'error' in body ? refused('json_rpc_error', message) : ok(message),
  assumptions: [ASSUME_MCP],
});

const rpcError = (id: unknown, code: number, message: string) => rpc(id, { error: { code, message } }, message);

export function mcpEndpoint(req: ProviderRequest, ctx: ProviderContext): Handled {
  if (req.method !== 'POST') {
    const message = `${req.method} is not accepted: this MCP endpoint offers no event stream, POST JSON-RPC messages to it (MCP "Transports").`;
    return {
      endpoint,
      reply: jsonReply(405, { error: 'method_not_allowed', error_description: message }, [['Allow', 'POST']]),
      verdict: refused('method_not_allowed', message),
      assumptions: [ASSUME_MCP],
    };
  }
  const token = mcpToken(req, ctx);
  if ('reply' in token) return token;
  let message: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(req.bodyText);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not one JSON-RPC object');
    message = parsed as Record<string, unknown>;
  } catch (e) {
    return rpcError(null, -32700, `Parse error: the body is not a JSON-RPC message (${(e as Error).message}).`);
  }
  const { id, method } = message;
  if (typeof method !== 'string') return rpcError(id ?? null, -32600, 'Invalid request: method must be a string.');
  if (id === undefined)
    return {
      endpoint,
      reply: reply(202, null, ''),
      verdict: ok(`Notification ${method} accepted.`),
      assumptions: [ASSUME_MCP],
    };
  const params = (message.params ?? {}) as Record<string, unknown>;
  const wire = statelessWire(req, { id, method, params }, ctx);
  if ('refusal' in wire) return wire.refusal;
  if (method === 'server/discover')
    return rpc(
      id,
      {
        result: {
          supportedVersions: [STATELESS_PROTOCOL_VERSION, MCP_PROTOCOL_VERSION],
          capabilities: { tools: {} },
          resultType: 'complete',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'oauth-lab-mock', version: APP_VERSION } },
        },
      },
      `MCP server/discover (${STATELESS_PROTOCOL_VERSION}) for user ${token.username}.`
    );
  if (method === 'initialize') {
    const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
    return rpc(
      id,
      {
        result: {
          protocolVersion: VERSIONS.includes(asked) ? asked : MCP_PROTOCOL_VERSION,
          capabilities: { tools: {} },
          serverInfo: { name: 'oauth-lab-mock', version: APP_VERSION },
        },
      },
      `MCP initialize for user ${token.username}.`
    );
  }
  if (method === 'ping') return rpc(id, { result: {} }, 'MCP ping.');
  if (method === 'tools/list')
    return rpc(
      id,
      { result: { tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) } },
      'MCP tools listed.'
    );
  if (method === 'tools/call') return callTool(id, params, token, req, ctx);
  return rpcError(
    id,
    -32601,
    `Method not found: ${method}; this mock answers server/discover, initialize, ping, tools/list and tools/call.`
  );
}

function callTool(
  id: unknown,
  params: Record<string, unknown>,
  token: BearerToken,
  req: ProviderRequest,
  ctx: ProviderContext
): Handled {
  const tool = TOOLS.find((t) => t.name === params.name);
  if (!tool)
    return rpcError(
      id,
      -32602,
      `Unknown tool ${JSON.stringify(params.name)}; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`
    );
  // MCP "Scope Challenge Handling": 403 insufficient_scope naming every scope the call needs.
  if (missingScopes(token, tool.scopes).length)
    return mcpRefusal(
      req,
      ctx,
      403,
      'insufficient_scope',
      `The tool ${tool.name} needs scope ${tool.scopes.join(' ')}; the token has "${token.scope}".`,
      [...new Set([...token.scope.split(' ').filter(Boolean), ...tool.scopes])].join(' ')
    );
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  return rpc(
    id,
    { result: { content: [{ type: 'text', text: tool.run(token, args) }] } },
    `MCP tool ${tool.name} called.`
  );
}
