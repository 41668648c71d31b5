import type { ProviderContext } from '../context';
import { MCP_PATHS } from '../mcp-protection';
import { API_RESOURCE_PATH } from '../resource-metadata';

/**
 * What the mock serves as a target (RFC 8693 §2.1 audience and resource): its issuer as the audience, its protected
 * resources (RFC 8707 §2) as resources, the MCP endpoint also on the mutual-TLS port (mcp-protection.ts). A token
 * exchange and an ID-JAG's redemption take no other.
 */
export function servedTargets(ctx: ProviderContext): { audiences: string[]; resources: string[] } {
  const base = ctx.baseUrl();
  const mtls = ctx.mtlsBaseUrl();
  return {
    audiences: [base],
    resources: [
      `${base}${API_RESOURCE_PATH}`,
      `${base}${MCP_PATHS.endpoint}`,
      ...(mtls ? [`${mtls}${MCP_PATHS.endpoint}`] : []),
    ],
  };
}
