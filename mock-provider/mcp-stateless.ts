import { STATELESS_PROTOCOL_VERSION } from '../shared/mcp/stateless-wire';
import { refused, type Handled, type ProviderContext } from './context';
import { header, jsonReply, type ProviderRequest } from './http';
import { ASSUME_MCP } from './mcp-protection';

/**
 * Mock-only: the checks of MCP 2026-07-28's stateless wire at the mock's MCP endpoint, before it answers: the
 * `MCP-Protocol-Version` header, the per-request `_meta` naming the same version and the client's capabilities, and
 * the `Mcp-Method` / `Mcp-Name` headers mirroring the body (SEP-2243), each refused with HTTP 400 naming what is
 * wrong. mcpFault only-2025-11-25 refuses the whole wire, as a server of the older revision does.
 */
const META_KEYS = ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'];
const NAMED_BY: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

export type StatelessWire = { readonly stateless: boolean } | { readonly refusal: Handled };

export function statelessWire(
  req: ProviderRequest,
  message: { readonly id?: unknown; readonly method: string; readonly params: Record<string, unknown> },
  ctx: ProviderContext
): StatelessWire {
  const version = header(req, 'mcp-protocol-version');
  if (version !== STATELESS_PROTOCOL_VERSION && message.method !== 'server/discover') return { stateless: false };
  const refuse = (code: number, text: string): StatelessWire => ({ refusal: refusal(message.id, code, text) });
  if (ctx.settings.switches.mcpFault === 'only-2025-11-25')
    return refuse(
      -32600,
      `Bad Request: Unsupported protocol version ${version ?? '(none)'}: this server speaks 2025-11-25 and older, with initialize (the mock's mcpFault only-2025-11-25).`
    );
  if (version !== STATELESS_PROTOCOL_VERSION)
    return refuse(-32020, `Missing MCP-Protocol-Version header: server/discover is ${STATELESS_PROTOCOL_VERSION}'s.`);
  const meta = (message.params._meta ?? {}) as Record<string, unknown>;
  const missing = META_KEYS.filter((k) => meta[k] === undefined);
  if (missing.length) return refuse(-32602, `Invalid params: missing _meta keys: ${missing.join(', ')}.`);
  if (meta[META_KEYS[0]!] !== version)
    return refuse(
      -32020,
      "MCP-Protocol-Version header does not match _meta's io.modelcontextprotocol/protocolVersion."
    );
  const method = header(req, 'mcp-method');
  if (method !== message.method)
    return refuse(
      -32600,
      `Mcp-Method header ${JSON.stringify(method ?? null)} does not match the body's method ${JSON.stringify(message.method)} (SEP-2243).`
    );
  const member = NAMED_BY[message.method];
  const named = member ? message.params[member] : undefined;
  const name = header(req, 'mcp-name');
  if (member && name !== named)
    return refuse(
      -32600,
      `Mcp-Name header ${JSON.stringify(name ?? null)} does not match the body's params.${member} ${JSON.stringify(named ?? null)} (SEP-2243).`
    );
  return { stateless: true };
}

function refusal(id: unknown, code: number, message: string): Handled {
  return {
    endpoint: 'mcp.endpoint',
    reply: jsonReply(400, { jsonrpc: '2.0', id: id ?? null, error: { code, message } }),
    verdict: refused('json_rpc_error', message),
    assumptions: [ASSUME_MCP],
  };
}
