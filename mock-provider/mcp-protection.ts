import { DPOP_ALGS } from '../shared/dpop/dpop-key';
import { refused, type Handled, type ProviderContext } from './context';
import { quoted } from './errors';
import { jsonReply, type ProviderRequest } from './http';
import { metadataPathOf, servedMetadata } from './resource-metadata';
import { authenticateBearer } from './resources';
import type { BearerToken } from './state';

/**
 * Mock-only: the mock as an MCP server protected by its own authorization server (MCP specification 2025-11-25,
 * "Authorization" (https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization)): its protected
 * resource metadata (RFC 9728), and the bearer check of its endpoint with the token's audience (RFC 8707) and
 * scope.
 */
export const MCP_PATHS = {
  endpoint: '/mcp',
  endpointMetadata: metadataPathOf('/mcp'),
} as const;

/** The scope every MCP request needs, asked for in the 401's challenge; tools may need more. */
export const MCP_BASE_SCOPE = 'read';

export const ASSUME_MCP =
  'The MCP endpoint and its protected resource metadata are mock-only: the service documents no MCP server (interface §4).';

/**
 * The origin a request came to: the mutual-TLS port's for one that came there, else the plain port's. The endpoint
 * is served on both, each its own resource: a certificate-bound token is verified only over mutual TLS (RFC 8705
 * §3), so an MCP client with one calls the mutual-TLS port's /mcp, and asks for its token for that resource.
 */
const servedOrigin = (req: ProviderRequest, ctx: ProviderContext): string =>
  (req.mtls ? ctx.mtlsBaseUrl() : null) ?? ctx.baseUrl();

/** The endpoint's resource identifier (RFC 8707 §2) where the request came, the audience its tokens must carry. */
const mcpResource = (req: ProviderRequest, ctx: ProviderContext): string =>
  `${servedOrigin(req, ctx)}${MCP_PATHS.endpoint}`;

/** RFC 9728 §2, at the path-inserted URL (§3.1): the endpoint's metadata, naming it (§3.3). */
export function resourceMetadata(req: ProviderRequest, ctx: ProviderContext): Handled {
  const wrong = ctx.settings.switches.mcpFault === 'wrong-resource';
  const document = {
    resource: wrong ? 'https://elsewhere.example/mcp' : mcpResource(req, ctx),
    authorization_servers: [ctx.baseUrl()],
    scopes_supported: ['read', 'write'],
    bearer_methods_supported: ['header'],
    resource_name: 'OAuth Lab mock MCP server',
  };
  const message = `Protected resource metadata served${wrong ? ' naming another resource (mcpFault wrong-resource)' : ''}.`;
  return servedMetadata(req, 'mcp.resource_metadata', document, message, [ASSUME_MCP]);
}

/**
 * `WWW-Authenticate: Bearer` with resource_metadata (RFC 9728 §5.1) and the scope needed (RFC 6750 §3); in the DPoP
 * scheme with its algs for a refusal of a DPoP-bound token or its proof (RFC 9449 §7.1).
 */
function challenge(
  req: ProviderRequest,
  ctx: ProviderContext,
  scope: string,
  error: string | undefined,
  description: string | undefined,
  scheme: 'Bearer' | 'DPoP'
): [string, string] {
  const parts = [
    ...(scheme === 'DPoP' ? [`algs=${quoted(DPOP_ALGS.join(' '))}`] : []),
    `realm=${quoted(ctx.config.realm)}`,
    `resource_metadata=${quoted(`${servedOrigin(req, ctx)}${MCP_PATHS.endpointMetadata}`)}`,
    `scope=${quoted(scope)}`,
    ...(error ? [`error=${quoted(error)}`] : []),
    ...(description ? [`error_description=${quoted(description.replace(/[\\"]/g, "'"))}`] : []),
  ];
  return ['WWW-Authenticate', `${scheme} ${parts.join(', ')}`];
}

/**
 * A refusal of the MCP endpoint: 401 without a usable token, 403 insufficient_scope, as RFC 6750 §3.1 says; a DPoP
 * refusal (`dpop`) in the DPoP scheme with its headers, such as the DPoP-Nonce of use_dpop_nonce (RFC 9449 §9).
 */
export function mcpRefusal(
  req: ProviderRequest,
  ctx: ProviderContext,
  status: number,
  error: string | null,
  description: string,
  scope: string,
  dpop: { readonly headers: readonly [string, string][] } | null = null
): Handled {
  const scheme = dpop ? 'DPoP' : 'Bearer';
  return {
    endpoint: 'mcp.endpoint',
    reply: jsonReply(status, { ...(error ? { error } : {}), error_description: description }, [
      challenge(req, ctx, scope, error ?? undefined, error ? description : undefined, scheme),
      ...(dpop?.headers ?? []),
    ]),
    verdict: refused(error ?? 'no_credentials', description),
    assumptions: [ASSUME_MCP],
  };
}

/**
 * The bearer token of an MCP request, valid, issued for this endpoint where the request came (unless mcpFault
 * accept-other-resource) and with the base scope (else 403 insufficient_scope).
 */
export function mcpToken(req: ProviderRequest, ctx: ProviderContext): BearerToken | Handled {
  const b = authenticateBearer(req, ctx);
  if (!b.ok)
    return mcpRefusal(
      req,
      ctx,
      b.status === 400 ? 400 : 401,
      b.error,
      b.description,
      MCP_BASE_SCOPE,
      b.scheme === 'DPoP' ? { headers: b.headers ?? [] } : null
    );
  const expected = mcpResource(req, ctx);
  const issuedFor = b.token.resource ?? null;
  // MCP "Token Audience Binding and Validation": a token issued for another resource is refused (no passthrough).
  if (issuedFor !== expected && ctx.settings.switches.mcpFault !== 'accept-other-resource')
    return mcpRefusal(
      req,
      ctx,
      401,
      'invalid_token',
      `The access token was issued for ${issuedFor === null ? 'no resource' : `resource ${issuedFor}`}, not for ${expected}; ask for it with resource=${expected} (RFC 8707 §2).`,
      MCP_BASE_SCOPE
    );
  if (missingScopes(b.token, [MCP_BASE_SCOPE]).length)
    return mcpRefusal(
      req,
      ctx,
      403,
      'insufficient_scope',
      `This endpoint needs scope ${MCP_BASE_SCOPE}.`,
      MCP_BASE_SCOPE
    );
  return b.token;
}

/** The scopes a token lacks among those needed. */
export const missingScopes = (token: BearerToken, needed: readonly string[]): string[] =>
  needed.filter((s) => !token.scope.split(' ').includes(s));
