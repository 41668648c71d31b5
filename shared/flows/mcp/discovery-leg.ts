import type { Challenge } from '../../mcp/challenge';
import {
  authorizationServerMetadataUrls,
  legacyAuthorizationBase,
  protectedResourceMetadataUrls,
} from '../../mcp/discovery-urls';
import {
  checkAuthorizationServerMetadata,
  checkResourceMetadata,
  type ServerEndpoints,
} from '../../mcp/metadata-checks';
import { canonicalResource, type MetadataSource } from '../../mcp/resource-url';
import type { Check } from '../../check';
import type { MtlsEndpointAliases } from '../../oidc/mtls-aliases';
import type { Exchange } from '../../http';
import { authorizationServerUrlChecks, privateTargetCheck, type TargetPolicy } from '../../mcp/targets';
import { firstDocument } from './documents';
import { McpChainFailure, type McpChainPorts, type McpGrant } from './ports';

/** What the two metadata documents tell a client about where and how to authorize for this MCP server. */
export interface Discovered {
  /** RFC 8707's `resource` for the authorization and token requests. */
  readonly resource: string;
  readonly issuer: string;
  readonly endpoints: ServerEndpoints;
  readonly scopesSupported: readonly string[] | null;
  readonly cimdSupported: boolean;
  /** The metadata advertises authorization_response_iss_parameter_supported (RFC 9207 §3). */
  readonly issParameterSupported: boolean;
  readonly authMethods: readonly string[];
  /** RFC 8705 §5: where a client that uses mutual TLS sends instead (token-endpoint.ts); null when none. */
  readonly mtlsAliases: MtlsEndpointAliases | null;
  /** RFC 8705 §3.3: the authorization server binds the tokens it issues over mutual TLS to the certificate. */
  readonly certificateBoundTokens: boolean;
}

/**
 * From the 401's challenge to the authorization server's endpoints (MCP specification 2025-11-25,
 * "Authorization Server Discovery"): the protected resource metadata at the challenge's `resource_metadata`, else
 * at the well-known URLs; then the first authorization server's metadata at its well-known URLs. A document that
 * fails a check stops the run. Without protected resource metadata, the 2025-03-26 way. `grant`: the one the run
 * uses (McpGrant's kind); PKCE S256 is required of the metadata only for the authorization code grant.
 */
export async function discover(
  serverUrl: string,
  challenge: Challenge | null,
  policy: TargetPolicy,
  ports: McpChainPorts,
  grant: McpGrant['kind']
): Promise<Discovered> {
  const { report } = ports;
  report.step('Protected resource metadata (RFC 9728)');
  const given = challenge?.params.resource_metadata;
  if (given) {
    report.line(`The challenge names resource_metadata=${given}.`);
    const from = "the MCP server's 401 challenge (WWW-Authenticate)";
    vetted(
      'resource metadata',
      [privateTargetCheck({ name: 'resource_metadata', url: given, from }, serverUrl, policy)],
      ports
    );
  } else report.line('The challenge names no resource_metadata: trying the well-known URLs in order.');
  const wellKnown = protectedResourceMetadataUrls(serverUrl);
  const urls = [...(given ? [given] : []), ...wellKnown];
  const prm = await firstDocument('resource metadata', [...new Set(urls)], ports);
  if (!prm) return legacyDiscovery(serverUrl, policy, ports, grant);
  const checked = checkResourceMetadata(prm.document!, serverUrl, metadataSource(prm.url, given, wellKnown));
  vetted('resource metadata', checked.checks, ports, prm.exchange);

  const issuer = checked.authorizationServers[0]!;
  report.step(`Authorization server metadata (RFC 8414 / OpenID Connect Discovery) for ${issuer}`);
  const from = `authorization_servers in ${prm.url}`;
  vetted(
    'authorization server metadata',
    authorizationServerUrlChecks({ name: 'authorization server', url: issuer, from }, serverUrl, policy),
    ports
  );
  const as = await firstDocument('authorization server metadata', authorizationServerMetadataUrls(issuer), ports);
  if (!as)
    throw new McpChainFailure(
      'authorization server metadata',
      `None of the well-known URLs of ${issuer} has a metadata document.`
    );
  const meta = checkAuthorizationServerMetadata(as.document!, issuer, { grant });
  const endpoints = endpointChecks(meta.endpoints, `the authorization server metadata at ${as.url}`, serverUrl, policy);
  vetted('authorization server metadata', [...meta.checks, ...endpoints], ports, as.exchange);
  return {
    resource: checked.resource!,
    issuer,
    endpoints: meta.endpoints!,
    scopesSupported: checked.scopesSupported,
    cimdSupported: meta.cimdSupported,
    issParameterSupported: meta.issParameterSupported,
    authMethods: meta.authMethods,
    mtlsAliases: meta.mtlsAliases,
    certificateBoundTokens: meta.certificateBoundTokens,
  };
}

/** Shows the checks (with the leg's last exchange, if any) and stops the run at the first that failed. */
function vetted(step: string, checks: readonly Check[], ports: McpChainPorts, exchange?: Exchange): void {
  ports.report.checks(checks);
  const failed = checks.find((c) => !c.ok);
  if (failed) throw new McpChainFailure(step, failed.message, exchange?.response ?? null);
}

/** The authorization server's endpoints, each an authorization server URL the server chose (./targets.ts). */
function endpointChecks(
  endpoints: ServerEndpoints | null,
  from: string,
  serverUrl: string,
  policy: TargetPolicy
): Check[] {
  if (!endpoints) return [];
  const named: [string, string | null][] = [
    ['authorization_endpoint', endpoints.authorization],
    ['token_endpoint', endpoints.token],
    ['registration_endpoint', endpoints.registration],
  ];
  return named.flatMap(([name, url]) =>
    url === null ? [] : authorizationServerUrlChecks({ name, url, from }, serverUrl, policy)
  );
}

/** Where the document came from (RFC 9728 §3.3): the challenge's URL, else the last well-known URL is the root's. */
function metadataSource(url: string, given: string | undefined, wellKnown: readonly string[]): MetadataSource {
  if (url === given) return 'challenge';
  return wellKnown.length > 1 && url === wellKnown[wellKnown.length - 1] ? 'root' : 'path-inserted';
}

/**
 * MCP 2025-03-26 (https://modelcontextprotocol.io/specification/2025-03-26/basic/authorization#2-3-server-metadata-discovery):
 * the server's origin is the authorization base URL, its RFC 8414 document at the root, else the default endpoints.
 */
async function legacyDiscovery(
  serverUrl: string,
  policy: TargetPolicy,
  ports: McpChainPorts,
  grant: McpGrant['kind']
): Promise<Discovered> {
  const { report } = ports;
  const legacy = legacyAuthorizationBase(serverUrl);
  report.step(`No protected resource metadata: the 2025-03-26 way, with ${legacy.issuer} as the authorization server`);
  const from = "the MCP server's origin (2025-03-26)";
  vetted(
    'authorization server metadata',
    authorizationServerUrlChecks({ name: 'authorization server', url: legacy.issuer, from }, serverUrl, policy),
    ports
  );
  const as = await firstDocument('authorization server metadata', [legacy.metadataUrl], ports);
  const resource = canonicalResource(serverUrl);
  if (!as) {
    report.line(
      `No metadata either: the 2025-03-26 default endpoints ${legacy.endpoints.authorization}, ${legacy.endpoints.token}, ${legacy.endpoints.registration} (PKCE S256 sent, not advertised).`
    );
    return {
      resource,
      issuer: legacy.issuer,
      endpoints: legacy.endpoints,
      scopesSupported: null,
      cimdSupported: false,
      issParameterSupported: false,
      authMethods: ['client_secret_basic', 'client_secret_post', 'none'],
      mtlsAliases: null,
      certificateBoundTokens: false,
    };
  }
  const meta = checkAuthorizationServerMetadata(as.document!, legacy.issuer, { legacy: true, grant });
  const endpoints = endpointChecks(meta.endpoints, `the authorization server metadata at ${as.url}`, serverUrl, policy);
  vetted('authorization server metadata', [...meta.checks, ...endpoints], ports, as.exchange);
  return {
    resource,
    issuer: legacy.issuer,
    endpoints: meta.endpoints!,
    scopesSupported: null,
    cimdSupported: meta.cimdSupported,
    issParameterSupported: meta.issParameterSupported,
    authMethods: meta.authMethods,
    mtlsAliases: meta.mtlsAliases,
    certificateBoundTokens: meta.certificateBoundTokens,
  };
}
