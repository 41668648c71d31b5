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
import { canonicalResource } from '../../mcp/resource-url';
import { firstDocument } from './documents';
import { McpChainFailure, type McpChainPorts } from './ports';

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
}

/**
 * From the 401's challenge to the authorization server's endpoints (MCP specification 2025-11-25,
 * "Authorization Server Discovery"): the protected resource metadata at the challenge's `resource_metadata`, else
 * at the well-known URLs; then the first authorization server's metadata at its well-known URLs. A document that
 * fails a check stops the run. Without protected resource metadata, the 2025-03-26 way.
 */
export async function discover(
  serverUrl: string,
  challenge: Challenge | null,
  ports: McpChainPorts
): Promise<Discovered> {
  const { report } = ports;
  report.step('Protected resource metadata (RFC 9728)');
  const given = challenge?.params.resource_metadata;
  if (given) report.line(`The challenge names resource_metadata=${given}.`);
  else report.line('The challenge names no resource_metadata: trying the well-known URLs in order.');
  const urls = [...(given ? [given] : []), ...protectedResourceMetadataUrls(serverUrl)];
  const prm = await firstDocument('resource metadata', [...new Set(urls)], ports);
  if (!prm) return legacyDiscovery(serverUrl, ports);
  const checked = checkResourceMetadata(prm.document!, serverUrl);
  report.checks(checked.checks);
  if (!checked.ok)
    throw new McpChainFailure('resource metadata', checked.checks.find((c) => !c.ok)!.message, prm.exchange.response);

  const issuer = checked.authorizationServers[0]!;
  report.step(`Authorization server metadata (RFC 8414 / OpenID Connect Discovery) for ${issuer}`);
  const as = await firstDocument('authorization server metadata', authorizationServerMetadataUrls(issuer), ports);
  if (!as)
    throw new McpChainFailure(
      'authorization server metadata',
      `None of the well-known URLs of ${issuer} has a metadata document.`
    );
  const meta = checkAuthorizationServerMetadata(as.document!, issuer);
  report.checks(meta.checks);
  if (!meta.ok || !meta.endpoints)
    throw new McpChainFailure(
      'authorization server metadata',
      meta.checks.find((c) => !c.ok)!.message,
      as.exchange.response
    );
  return {
    resource: checked.resource!,
    issuer,
    endpoints: meta.endpoints,
    scopesSupported: checked.scopesSupported,
    cimdSupported: meta.cimdSupported,
    issParameterSupported: meta.issParameterSupported,
    authMethods: meta.authMethods,
  };
}

/**
 * MCP 2025-03-26 (https://modelcontextprotocol.io/specification/2025-03-26/basic/authorization#2-3-server-metadata-discovery):
 * the server's origin is the authorization base URL, its RFC 8414 document at the root, else the default endpoints.
 */
async function legacyDiscovery(serverUrl: string, ports: McpChainPorts): Promise<Discovered> {
  const { report } = ports;
  const legacy = legacyAuthorizationBase(serverUrl);
  report.step(`No protected resource metadata: the 2025-03-26 way, with ${legacy.issuer} as the authorization server`);
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
    };
  }
  const meta = checkAuthorizationServerMetadata(as.document!, legacy.issuer, true);
  report.checks(meta.checks);
  if (!meta.ok || !meta.endpoints)
    throw new McpChainFailure(
      'authorization server metadata',
      meta.checks.find((c) => !c.ok)!.message,
      as.exchange.response
    );
  return {
    resource,
    issuer: legacy.issuer,
    endpoints: meta.endpoints,
    scopesSupported: null,
    cimdSupported: meta.cimdSupported,
    issParameterSupported: meta.issParameterSupported,
    authMethods: meta.authMethods,
  };
}
