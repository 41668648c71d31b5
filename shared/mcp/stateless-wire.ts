import { APP_VERSION } from '../version';

/**
 * MCP 2026-07-28's stateless wire: no initialize handshake and no session; every request carries the protocol
 * version, the client's identity and capabilities in `params._meta`, the version in `MCP-Protocol-Version`, and
 * its method (and, for the calls that name one, the tool, prompt or resource) in `Mcp-Method` / `Mcp-Name` headers
 * for the intermediaries that route on them (SEP-2243); `server/discover` asks the server which versions it speaks.
 */
export const STATELESS_PROTOCOL_VERSION = '2026-07-28';

/** The revisions `oauth-lab mcp` speaks, newest first: the stateless wire, then the initialize handshake. */
export const MCP_PROTOCOL_VERSIONS = [STATELESS_PROTOCOL_VERSION, '2025-11-25'] as const;
export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

const META = 'io.modelcontextprotocol/';

/** This client, as `initialize` and the stateless wire's `_meta` name it. */
export const MCP_CLIENT_INFO = { name: 'oauth-lab', version: APP_VERSION };

/** The request's params with the per-request `_meta` the stateless wire requires (what a client gave is kept). */
export function withRequestMeta(params: unknown): Record<string, unknown> {
  const given = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const meta = given._meta && typeof given._meta === 'object' ? (given._meta as Record<string, unknown>) : {};
  return {
    ...given,
    _meta: {
      [`${META}protocolVersion`]: STATELESS_PROTOCOL_VERSION,
      [`${META}clientInfo`]: MCP_CLIENT_INFO,
      [`${META}clientCapabilities`]: {},
      ...meta,
    },
  };
}

/** The member whose value `Mcp-Name` mirrors, by method (SEP-2243 "Standard Headers"). */
const NAMED_BY: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** `Mcp-Method`, and `Mcp-Name` where the method names a tool, prompt or resource. */
export function routingHeaders(method: string, params: unknown): [string, string][] {
  const member = NAMED_BY[method];
  const name = member && params && typeof params === 'object' ? (params as Record<string, unknown>)[member] : null;
  return [['Mcp-Method', method], ...(typeof name === 'string' ? ([['Mcp-Name', name]] as [string, string][]) : [])];
}

/** The versions a `server/discover` result lists, or why it lists none. */
export function discoveredVersions(result: unknown): readonly string[] | string {
  const listed = (result as { supportedVersions?: unknown } | null)?.supportedVersions;
  if (!Array.isArray(listed)) return 'its server/discover answer has no supportedVersions';
  return listed.filter((v): v is string => typeof v === 'string');
}
